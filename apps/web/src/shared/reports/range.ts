import { currencyDigits } from '@scanline/contracts/currency-digits';
import { currentIntlLocale, translate } from '../../lib/i18n/current-locale';
import type { MessageId } from '../../messages/keys';

/** The dashboard's range as the URL keeps it (`?range=7d`, or `?range=custom&from=&to=`). */
export type RangeKey = 'today' | '7d' | '30d' | '90d' | 'custom';

export const RANGE_OPTIONS: { label: MessageId; value: RangeKey }[] = [
  { label: 'project-dashboard.range.today', value: 'today' },
  { label: 'project-dashboard.range.7d', value: '7d' },
  { label: 'project-dashboard.range.30d', value: '30d' },
  { label: 'project-dashboard.range.90d', value: '90d' },
  { label: 'project-dashboard.range.custom', value: 'custom' },
];

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in a time zone, as `yyyy-mm-dd`. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export function resolveRange(
  params: URLSearchParams,
  timeZone: string,
): { key: RangeKey; from: string; to: string } {
  const raw = params.get('range');
  const key: RangeKey = RANGE_OPTIONS.some((o) => o.value === raw) ? (raw as RangeKey) : '30d';
  const today = todayIn(timeZone);
  if (key === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (DATE.test(from) && DATE.test(to) && from <= to) return { key, from, to };
    return { key: '30d', from: addDays(today, -29), to: today };
  }
  const days = key === 'today' ? 1 : Number(key.slice(0, -1));
  return { key, from: addDays(today, -(days - 1)), to: today };
}

/** Minor units → a localised amount (JPY has 0 decimals, USD 2). */
export function formatMoney(minor: number, currency: string, compact = false): string {
  const fmt = new Intl.NumberFormat(currentIntlLocale(), {
    style: 'currency',
    currency,
    notation: compact ? 'compact' : 'standard',
  });
  return fmt.format(minor / 10 ** currencyDigits(currency));
}

export const formatPercent = (v: number | null) =>
  v === null
    ? '—'
    : new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(v);

/** A change as the locale writes it, its sign included ("+12,5 %", "−3%"): the arrow beside it is decoration. */
export const formatChange = (v: number) =>
  new Intl.NumberFormat(currentIntlLocale(), {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(v);

export const formatCount = (v: number) => new Intl.NumberFormat(currentIntlLocale()).format(v);

/** "1 refund", "2 refunds", "1,204 scans": a count with its noun in the right number. */
export const refundsHint = (count: number) => translate('project-dashboard.hint.refunds', { count });
export const scansHint = (count: number) => translate('project-dashboard.hint.scans', { count });

/**
 * The success rate's footnote: every declined card, as the timeline counts them,
 * and how many of those payments another card then paid ("3 declined cards · 1 rescued").
 */
export function declinedHint(t: { declined: number; rescued: number }): string {
  return translate('project-dashboard.hint.declined', { declined: t.declined, rescued: t.rescued });
}

export function formatSeconds(v: number | null): string {
  if (v === null) return '—';
  return v < 60 ? `${v} s` : `${Math.floor(v / 60)} min ${v % 60} s`;
}

/** Relative change against the previous period; null when there is nothing to compare. */
export const change = (now: number | null, before: number | null) =>
  now === null || before === null || before === 0 ? null : (now - before) / before;
