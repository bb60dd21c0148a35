import { parse } from '@formatjs/icu-messageformat-parser';
import { formatDateTime } from '@scanline/contracts';
import {
  formatMoney,
  formatNumber,
  formatPercent,
  formattingLocale,
  type MoneyOptions,
} from '@scanline/contracts/format';
import { textDirection } from '@scanline/contracts/locales';
import { pseudoMessage } from '@scanline/contracts/pseudo-locale';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { PSEUDO_LOCALE, SHOPPER_LOCALES, USER_LOCALES } from './locales';
import { CATALOGUES } from './messages';

/*
 * Catalogue layout: one flat JSON object per language and audience,
 * `platform/i18n/messages/<users|shoppers>/<locale>.json`, key → ICU message, English the source.
 * - By audience, not by area: what users read (their emails, the sign-in popup; four languages)
 *   and what shoppers read (the receipt page and email; seven) are translated into different
 *   sets of languages, and a translator gets one file per language with every sentence of that
 *   audience in it.
 * - Here on the platform floor, not beside each area: the identity service (below `domain/`)
 *   sends the verification, reset and security emails, and `domain/` the rest; both may import
 *   the platform, neither may import the other.
 * Keys are `<email or page>.<part>` (`invitation.subject`, `receipt.tip`); data (names, addresses,
 * amounts, dates) are arguments, never part of a message.
 */

export const CATALOGUE_LOCALES = { users: USER_LOCALES, shoppers: SHOPPER_LOCALES } as const;
export type CatalogueName = keyof typeof CATALOGUE_LOCALES;
type Catalogue = Record<string, string>;

/** One catalogue as written (key → ICU source); unknown languages have none. */
export function loadCatalogue(name: CatalogueName, locale: string): Catalogue {
  const catalogue = (CATALOGUES[name] as Record<string, Catalogue | undefined>)[locale];
  if (!catalogue) throw new Error(`No ${name} catalogue for ${locale}`);
  return catalogue;
}

export interface Translator {
  /** The language tag the text is in, for `<html lang>` and `Content-Language` (`en-XA` as such). */
  locale: string;
  /** `rtl` for Arabic: `<html dir>` of the receipt page and email. */
  dir: 'ltr' | 'rtl';
  t(key: string, values?: Record<string, PrimitiveType>): string;
  /** Whether English has this message (optional parts of an email, such as its last line). */
  has(key: string): boolean;
  /** 1250 EUR → "12,50 €" in German, "€12.50" in English. */
  money(minor: number, currency: string, options?: MoneyOptions): string;
  /** A moment in a time zone, the zone named ("25.11.26 10:00 GMT+1" in German). */
  dateTime(at: Date | string, timeZone: string): string;
  /** A number as the language writes it (19.5 → "19,5"). */
  number(value: number): string;
  /** Percentage points as the language writes them (19 → "19 %" in German, "19%" in English). */
  percent(points: number): string;
}

const formats = new Map<string, IntlMessageFormat>();

function formatterFor(name: CatalogueName, locale: string, key: string): IntlMessageFormat {
  const id = `${name}/${locale}/${key}`;
  let format = formats.get(id);
  if (format) return format;
  const english = loadCatalogue(name, 'en')[key];
  if (english === undefined) throw new Error(`No English message ${name}:${key}`);
  if (locale === PSEUDO_LOCALE) {
    format = new IntlMessageFormat(pseudoMessage(parse(english)), 'en');
  } else {
    // A message missing from a catalogue falls back to English (the catalogue test fails on it).
    format = new IntlMessageFormat(loadCatalogue(name, locale)[key] ?? english, locale);
  }
  formats.set(id, format);
  return format;
}

/** The text of one audience in one of its languages (anything else is English). */
export function translator(name: CatalogueName, locale: string): Translator {
  const known = (CATALOGUE_LOCALES[name] as readonly string[]).includes(locale) || locale === PSEUDO_LOCALE;
  const tag = known ? locale : 'en';
  // Intl has no pseudo-locale: amounts and dates in en-XA are English ones (data, left plain);
  // `pt` is European Portuguese and formats as pt-PT (docs/i18n/rules.md#formats).
  const intl = formattingLocale(tag);
  return {
    locale: tag,
    dir: textDirection(tag),
    t: (key, values) => String(formatterFor(name, tag, key).format(values)),
    has: (key) => loadCatalogue(name, 'en')[key] !== undefined,
    money: (minor, currency, options) => formatMoney(minor, currency, intl, options),
    // The one date formatter, the language deciding the order and the clock.
    dateTime: (at, timeZone) =>
      formatDateTime(at, { timeZone, locale: intl === 'en' ? 'en-US' : intl, withZone: true }),
    number: (value) => formatNumber(value, intl),
    percent: (points) => formatPercent(points, intl),
  };
}
