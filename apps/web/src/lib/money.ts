import { currencyDigits } from '@scanline/contracts/currency-digits';
import { currentIntlLocale } from './i18n/current-locale';

// Money on the wire is an integer in minor units plus an ISO 4217 code (PRODUCT §2). These
// helpers are shared by the console and both public pages, so they import next to nothing.

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale?: string): Intl.NumberFormat {
  const key = `${locale ?? ''}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      const digits = currencyDigits(currency);
      f = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // An unknown code still shows a number rather than breaking the screen.
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(key, f);
  }
  return f;
}

/** How many minor units make one major unit (ISO 4217): 2 for USD and HUF, 0 for JPY, 3 for KWD. */
export { currencyDigits };

/** 1250 USD → "$12.50" in the reader's language (the console's chosen one unless given). */
export function formatMoney(minor: number, currency: string, locale: string = currentIntlLocale()): string {
  return formatter(currency, locale).format(minor / 10 ** currencyDigits(currency));
}

/** A major-unit amount typed by a person ("12.5") → minor units (1250), or null if not a number. */
export function toMinorUnits(major: string, currency: string): number | null {
  const n = Number(major.trim().replace(',', '.'));
  if (!major.trim() || !Number.isFinite(n)) return null;
  return Math.round(n * 10 ** currencyDigits(currency));
}

/** Minor units → the plain major-unit number a filter box shows ("12.5"). */
export function toMajorUnits(minor: number, currency: string): string {
  return String(minor / 10 ** currencyDigits(currency));
}
