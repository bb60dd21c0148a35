import { AMOUNT_MAX } from '@scanline/contracts';
import { currencyDigits } from '../money';

/**
 * A price in major units of `currency` as minor units: digits, then at most the currency's
 * decimals after a dot ("3.50", "3.5", "3" in EUR; "350" in JPY). In a semicolon file the
 * decimal mark may be a comma ("3,50"). No sign, no thousands separators, no currency symbol:
 * anything else is refused rather than guessed. Empty = null (typed at the counter).
 */
export function parseMajorUnits(
  raw: string,
  currency: string,
  commaDecimal: boolean,
): number | null | 'invalid' {
  const s = (commaDecimal ? raw.replace(',', '.') : raw).trim();
  if (s === '') return null;
  const digits = currencyDigits(currency);
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(s);
  if (!m) return 'invalid';
  const fraction = m[2] ?? '';
  if (fraction.length > digits) return 'invalid';
  const minor = Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return minor > AMOUNT_MAX ? 'invalid' : minor;
}

/** Minor units as the CSV writes them: "3.50" in EUR, "350" in JPY. */
export function formatMajorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** A VAT rate in percent, up to two decimals, 0–100 ("19", "7.5"); empty = the project's. */
export function parseTaxRate(raw: string, commaDecimal: boolean): number | null | 'invalid' {
  const s = (commaDecimal ? raw.replace(',', '.') : raw).trim();
  if (s === '') return null;
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(s)) return 'invalid';
  const n = Number(s);
  return n > 100 ? 'invalid' : n;
}

/**
 * Text as read back: our own exports prefix text a spreadsheet would run as a formula with `'`
 * (domain/exports/csv.ts); that prefix is dropped again so an export imports as it was.
 */
export const unneutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);
