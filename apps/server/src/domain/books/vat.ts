export { includedTax } from '@scanline/contracts/receipt-figures';

/** A rate as the database hands it (numeric → "19.00") to the number the API shows (19). */
export const rateOf = (stored: string | null | undefined): number | null =>
  stored === null || stored === undefined ? null : Number(stored);

/** 19 → "19", 7.7 → "7.7": how receipts and reports write a rate. */
export const formatRate = (rate: number) => String(rate);
