import {
  type DateTimeOptions,
  formatCalendarDay,
  formatDateTime,
  patternForLocale,
  type WithTime,
} from '@scanline/contracts/date-time';
import { currentIntlLocale } from '../lib/i18n/current-locale';

export type { WithTime };

const KEY = 'scanline.date-format';
/** `auto` writes dates as the browser's language does; the others are seed §9's. */
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

/** The console's language (dates follow it; the date-format choice still wins). */
export const browserLanguage = () => currentIntlLocale();
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The pattern dates are written in (`dd`, `mm`, `yy` and separators, as PrimeReact's Calendar
 * also reads them): the chosen one, or the language's order: `mm/dd/yy` for en-US (the
 * brief's default), `dd.mm.yy` for de-DE, `yy-mm-dd` for sv-SE.
 */
export function datePattern(format: DateFormat = getDateFormat(), locale = browserLanguage()): string {
  return format === 'auto' ? patternForLocale(locale) : format;
}

/**
 * A date in `timeZone`, in the user's format and on their language's clock.
 * Project pages take the zone from `useFormatDate` (the project's); pages outside
 * a project pass none and show the browser's.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  withTime: WithTime = true,
  timeZone: string = browserTimeZone(),
  extra: Pick<DateTimeOptions, 'withZone' | 'locale'> = {},
): string {
  const locale = extra.locale ?? browserLanguage();
  return formatDateTime(value, {
    timeZone,
    locale,
    pattern: datePattern(getDateFormat(), locale),
    withTime,
    withZone: extra.withZone,
  });
}

/** A `yyyy-mm-dd` calendar day (the dashboard's ranges) in the user's format. */
export const formatDay = (day: string) => formatCalendarDay(day, { pattern: datePattern() });
