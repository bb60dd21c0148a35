import { currencyDigits } from '@scanline/contracts/currency-digits';
import { formatMoney as formatSharedMoney, type MoneyOptions } from '@scanline/contracts/format';
import { currentIntlLocale } from './i18n/current-locale';

// Money on the wire is an integer in minor units plus an ISO 4217 code. These
// helpers are shared by the console and both public pages, so they import next to nothing.

/** How many minor units make one major unit (ISO 4217): 2 for USD and HUF, 0 for JPY, 3 for KWD. */
export { currencyDigits };

/** 1250 USD → "$12.50" in the reader's language (the console's chosen one unless given). */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string = currentIntlLocale(),
  options?: MoneyOptions,
): string {
  return formatSharedMoney(minor, currency, locale, options);
}

/** The decimal and grouping separators of a language: German "," and ".", English "." and ",". */
function separatorsOf(locale: string | undefined): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/**
 * A major-unit amount typed by a person → minor units, or null if not a number, read with the
 * separators of the language it is shown in: "1.234,50" in German is 123450 cents, "1,234.50" in
 * English too. Without the language's decimal sign, a group sign not followed by groups of three
 * digits is taken as the decimal sign the person meant ("12.5" in German is 12.50).
 */
export function toMinorUnits(
  major: string,
  currency: string,
  locale: string = currentIntlLocale(),
): number | null {
  const { decimal, group } = separatorsOf(locale);
  let s = major.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!s) return null;
  const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (s.includes(decimal)) {
    s = s.split(group).join('');
    s = s.replace(decimal, '.');
  } else if (group && s.includes(group)) {
    const grouped = new RegExp(`^-?\\d{1,3}(${escapeRegExp(group)}\\d{3})+$`).test(s);
    s = grouped ? s.split(group).join('') : s.replace(group, '.');
  }
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 10 ** currencyDigits(currency));
}

/** Minor units → the plain major-unit number a filter box shows ("12.5"). */
export function toMajorUnits(minor: number, currency: string): string {
  return String(minor / 10 ** currencyDigits(currency));
}
