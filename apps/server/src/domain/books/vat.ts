/**
 * VAT included in a gross amount (issue 25 §4), rounded half up to the minor unit:
 * 1000 at 19 % → 1000 × 19 / 119 = 159.66 → 160. Integer arithmetic on hundredths of a percent,
 * so 7.7 % is exact; the closes' SQL computes the same with `round(numeric)`.
 */
export function includedTax(amount: number, rate: number | null): number {
  if (rate === null || rate === 0 || amount === 0) return 0;
  const r = Math.round(rate * 100);
  const sign = amount < 0 ? -1 : 1;
  const a = Math.abs(amount);
  return sign * Math.floor((2 * a * r + (10_000 + r)) / (2 * (10_000 + r)));
}

/** A rate as the database hands it (numeric → "19.00") to the number the API shows (19). */
export const rateOf = (stored: string | null | undefined): number | null =>
  stored === null || stored === undefined ? null : Number(stored);

/** 19 → "19", 7.7 → "7.7": how receipts and reports write a rate. */
export const formatRate = (rate: number) => String(rate);
