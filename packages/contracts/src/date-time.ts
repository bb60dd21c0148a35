/**
 * The one way Scanline writes a date: the console's lists and pages, the
 * dashboard's ranges, the receipt and the CLI all call `formatDateTime`, so a date reads the
 * same everywhere: the date in the user's pattern (`mm/dd/yy`, `dd/mm/yy`, `yy-mm-dd`, or the
 * language's order), the time on the language's clock (24-hour in de-DE, 12-hour in en-US),
 * in one named zone. No dependencies: the pay page and the server import it as well.
 */

/** `dd`, `mm`, `yy` and separators, as PrimeReact's Calendar also reads them. */
export type DatePattern = string;

/** `true` adds hours and minutes; `'seconds'` also seconds (timelines, attempts, logs). */
export type WithTime = boolean | 'seconds';

export interface DateTimeOptions {
  /** The IANA zone the date is shown in. */
  timeZone: string;
  /** The date's pattern; the language's order when left out. */
  pattern?: DatePattern;
  /** The language that decides the clock (and the pattern when none is given). */
  locale?: string;
  withTime?: WithTime;
  /** Adds the zone's short name ("GMT+1", "EST") where the reader may be elsewhere: receipts, CLI. */
  withZone?: boolean;
}

const FALLBACK_PATTERN = 'mm/dd/yy';

/**
 * The language's order as a pattern: `mm/dd/yy` for en-US, `dd.mm.yy` for de-DE, `dd/mm/yy`
 * for en-GB, `yy-mm-dd` for sv-SE.
 */
export function patternForLocale(locale = 'en-US'): DatePattern {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(Date.UTC(2026, 10, 25)));
    const token: Record<string, string> = { day: 'dd', month: 'mm', year: 'yy' };
    const pattern = parts.map((p) => token[p.type] ?? (p.type === 'literal' ? p.value : '')).join('');
    return /dd/.test(pattern) && /mm/.test(pattern) && /yy/.test(pattern) ? pattern.trim() : FALLBACK_PATTERN;
  } catch {
    return FALLBACK_PATTERN;
  }
}

/** Whether the language reads the time on a 12-hour clock (en-US "3:27 PM") or 24 (de-DE "15:27"). */
export function usesTwelveHourClock(locale = 'en-US'): boolean {
  try {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h12' || cycle === 'h11';
  } catch {
    return false;
  }
}

/** A zone the runtime knows, else UTC, so a stale or mistyped zone never throws on a page. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** A date in `timeZone`, in the pattern and on the language's clock; `—` for nothing or an invalid date. */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  { timeZone, pattern, locale = 'en-US', withTime = true, withZone = false }: DateTimeOptions,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const zone = knownZone(timeZone);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const date = (pattern ?? patternForLocale(locale)).replace(
    /dd|mm|yy/g,
    (t) => (t === 'dd' ? parts.day : t === 'mm' ? parts.month : parts.year) ?? '',
  );
  if (!withTime) return date;
  // The time and the zone's name as the reader's locale writes them ("3:27 PM", "15:27",
  // "MEZ", "UTC+1"), through Intl rather than by hand.
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    timeStyle: withTime === 'seconds' ? 'medium' : 'short',
  }).format(d);
  const zoneName = withZone
    ? new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(d)
        .find((p) => p.type === 'timeZoneName')?.value
    : undefined;
  return `${date} ${time}${zoneName ? ` ${zoneName}` : ''}`;
}

/** A calendar day kept as `yyyy-mm-dd` (the dashboard's ranges) in the same pattern, with no zone to shift it. */
export function formatCalendarDay(
  day: string,
  { pattern, locale }: { pattern?: DatePattern; locale?: string },
) {
  return formatDateTime(`${day}T12:00:00Z`, { timeZone: 'UTC', pattern, locale, withTime: false });
}
