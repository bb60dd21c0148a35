import { toMinorUnits } from '../../lib/money';

const MONEY_FILTERS = /^(amount|amount_refunded)\[/;

/**
 * People type amounts in major units (12.50); the API filters in minor units (1250). The
 * address bar keeps what the person typed; only the API call is converted, in the project's
 * currency (a filter spans currencies, so there is no per-row currency to use).
 */
export function toApiAmounts(query: Record<string, string>, currency: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (!MONEY_FILTERS.test(k)) out[k] = v;
    else {
      const minor = toMinorUnits(v, currency);
      if (minor !== null) out[k] = String(minor);
    }
  }
  return out;
}
