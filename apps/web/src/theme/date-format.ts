const KEY = 'scanline.date-format';
/** `auto` writes dates as the browser's language does (issue 19); the others are seed §9's. */
export const DATE_FORMATS = ['auto', 'mm/dd/yy', 'dd/mm/yy', 'yy-mm-dd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The user's choice in Settings, `auto` until they make one. */
export function getDateFormat(): DateFormat {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  return (DATE_FORMATS as readonly string[]).includes(v ?? '') ? (v as DateFormat) : 'auto';
}

export function setDateFormat(format: DateFormat) {
  localStorage.setItem(KEY, format);
}

/**
 * The pattern dates are written in (`dd`, `mm`, `yy` and separators, as PrimeReact's Calendar
 * also reads them): the chosen one, or the language's order: `mm/dd/yy` for en-US (the
 * brief's default), `dd.mm.yy` for de-DE, `yy-mm-dd` for sv-SE.
 */
export function datePattern(format: DateFormat = getDateFormat(), locale = browserLanguage()): string {
  if (format !== 'auto') return format;
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(Date.UTC(2026, 10, 25)));
    const token: Record<string, string> = { day: 'dd', month: 'mm', year: 'yy' };
    const pattern = parts.map((p) => token[p.type] ?? (p.type === 'literal' ? p.value : '')).join('');
    return /dd/.test(pattern) && /mm/.test(pattern) && /yy/.test(pattern) ? pattern.trim() : 'mm/dd/yy';
  } catch {
    return 'mm/dd/yy';
  }
}

const browserLanguage = () => (typeof navigator === 'undefined' ? 'en-US' : navigator.language);

let displayZone: string | undefined;

/**
 * Project pages show every time in the project's zone (as its dashboard and reports count
 * days); elsewhere the browser's. The project layout sets it while it is shown.
 */
export function setDisplayTimeZone(zone: string | undefined) {
  displayZone = zone;
}

export function displayTimeZone(): string {
  return displayZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `true` adds hours and minutes; `'seconds'` also seconds (timelines, attempts, logs). */
export type WithTime = boolean | 'seconds';

/** A date in the display zone (see `setDisplayTimeZone`), in the user's format. */
export function formatDate(
  value: Date | string | number | null | undefined,
  withTime: WithTime = true,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: displayTimeZone(),
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const date = datePattern().replace(
    /dd|mm|yy/g,
    (t) => (t === 'dd' ? parts.day : t === 'mm' ? parts.month : parts.year) ?? '',
  );
  if (!withTime) return date;
  const time = `${parts.hour}:${parts.minute}${withTime === 'seconds' ? `:${parts.second}` : ''}`;
  return `${date} ${time}`;
}
