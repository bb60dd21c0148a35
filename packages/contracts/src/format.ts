import { currencyDigits } from './currency-digits';

// Numbers, money, percentages and signs as the reader's locale writes them, through `Intl` and
// nothing by hand (docs/i18n/rules.md#formats). The console, the shopper pages, the server's
// emails and receipt page and the CLI all call these, so "−€4.00" and "19 %" read the same
// everywhere. Dates are `formatDateTime` in ./date-time.ts.

/**
 * Where a language is written in one region more than any other the catalogue means that one:
 * the Portuguese catalogue is European Portuguese, so a bare `pt` formats as Portugal, not Brazil.
 */
const HOME_REGION: Record<string, string> = { pt: 'pt-PT' };

/**
 * The locale `Intl` formats in for a reader of `language`: the first of the reader's own tags
 * (browser languages, Accept-Language) in that language, region kept (`de-AT`, `de-CH`,
 * `fr-CA`), else the language's home region, else the language. The pseudo-locale formats as
 * English (its data are not translated), `ar-XB` as Arabic. Arabic is `ar` as it is: `Intl`
 * decides its digits.
 */
export function formattingLocale(
  language: string,
  preferred: readonly (string | null | undefined)[] = [],
): string {
  if (language.toLowerCase() === 'en-xa') return 'en';
  // The right-to-left pseudo-locale formats as Arabic: its amounts sit in right-to-left text.
  if (language.toLowerCase() === 'ar-xb') return 'ar';
  const base = language.toLowerCase().split(/[-_]/)[0] ?? language;
  for (const tag of preferred) {
    if (!tag) continue;
    const normalized = tag.replace(/_/g, '-');
    if (normalized.toLowerCase().split('-')[0] !== base || !normalized.includes('-')) continue;
    try {
      // A Brazilian browser reading the European Portuguese catalogue still gets pt-BR numbers:
      // the format follows the reader, the words follow the catalogue.
      return Intl.getCanonicalLocales(normalized)[0] ?? normalized;
    } catch {}
  }
  return HOME_REGION[base] ?? language;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function cached(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

export interface MoneyOptions {
  /** `negative` writes the sign of an amount taken back (a refund: "−€4.00"), `exceptZero` both. */
  sign?: 'auto' | 'negative' | 'exceptZero';
}

/**
 * 1250 EUR → "12,50 €" (de-DE), "€12.50" (en-US), "€ 12,50" (de-AT); every minor unit shown
 * (ISO 4217: HUF has two, JPY none). `sign: 'negative'` gives the amount as taken back, with the
 * locale's own minus sign and its place.
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string,
  { sign = 'auto' }: MoneyOptions = {},
) {
  const digits = currencyDigits(currency);
  // Nothing taken back is 0, not −0 (Intl writes a minus before a negative zero).
  const value = (sign === 'negative' && minor !== 0 ? -Math.abs(minor) : minor) / 10 ** digits;
  try {
    return cached(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: sign === 'exceptZero' ? 'exceptZero' : 'auto',
    }).format(value);
  } catch {
    // An unknown code still shows a number rather than breaking the page.
    return cached(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  }
}

/** 19 → "19 %" (de, fr), "19%" (en); 5.5 → "5,5 %". Takes percentage points, as rates are stored. */
export const formatPercent = (points: number, locale: string, maximumFractionDigits = 2) =>
  cached(locale, { style: 'percent', maximumFractionDigits }).format(points / 100);

/** A plain number as the locale writes it (19.5 → "19,5"). */
export const formatNumber = (value: number, locale: string, maximumFractionDigits = 2) =>
  cached(locale, { maximumFractionDigits }).format(value);
