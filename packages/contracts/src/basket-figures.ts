// The money of a basket's lines, computed once for every place that shows or stores it: the
// server when a checkout is created or a line refunded, receipts, closes, and later the web
// terminal (docs/guide/baskets.md). No dependencies, so a browser bundle imports it directly
// (`@scanline/contracts/basket-figures`).
import { includedTax } from './receipt-figures';

/** Quantities are counted in thousandths: 0.125 kg is 125. Three decimals is the most a scale sends. */
export const QUANTITY_SCALE = 1000;
export const QUANTITY_MAX = 99_999;

/** A quantity as whole thousandths (0.125 → 125), or null when it has more than three decimals. */
export function quantityThousandths(quantity: number): number | null {
  const t = Math.round(quantity * QUANTITY_SCALE);
  return Math.abs(t - quantity * QUANTITY_SCALE) < 1e-6 ? t : null;
}

/**
 * quantity × unit price, rounded half up to the minor unit, in integers only: 0.333 kg at 1299 =
 * 432.567 → 433. Half up away from zero, as `includedTax` rounds.
 */
export function lineTotal(quantity: number, unitPrice: number): number {
  const q = quantityThousandths(quantity);
  if (q === null) throw new RangeError('A quantity has at most three decimals.');
  const sign = unitPrice < 0 ? -1 : 1;
  return sign * Math.floor((q * Math.abs(unitPrice) + QUANTITY_SCALE / 2) / QUANTITY_SCALE);
}

export interface LineInput {
  quantity: number;
  unit_price: number;
  /** VAT percent included in the price; null = none. */
  tax_rate: number | null;
}

export interface LineFigures {
  total: number;
  /** The VAT included in `total` at the line's rate, rounded half up. */
  tax: number;
}

/** A line's total and the VAT it includes. */
export function lineFigures(line: LineInput): LineFigures {
  const total = lineTotal(line.quantity, line.unit_price);
  return { total, tax: includedTax(total, line.tax_rate) };
}

export interface TaxRateFigures {
  /** null: lines without VAT. */
  rate: number | null;
  /** Σ of the lines' totals at this rate. */
  gross: number;
  /** Σ of the lines' VAT: each line is rounded on its own, so the rates add up to the lines exactly. */
  tax: number;
}

export interface BasketFigures {
  /** Σ line totals: the transaction's `amount`. */
  amount: number;
  /** Σ line VAT. */
  tax: number;
  /** Per rate, highest rate first, lines without VAT last. */
  by_tax_rate: TaxRateFigures[];
}

/**
 * A basket's amount and VAT per rate. The VAT of a rate is the sum of its lines' VAT (not the
 * VAT of the rate's gross), so receipt, transaction and close state the same figure as the lines.
 */
export function basketFigures(lines: readonly (LineFigures & { tax_rate: number | null })[]): BasketFigures {
  const rates = new Map<string, TaxRateFigures>();
  let amount = 0;
  let tax = 0;
  for (const line of lines) {
    amount += line.total;
    tax += line.tax;
    const key = line.tax_rate === null ? 'none' : String(line.tax_rate);
    const entry = rates.get(key) ?? { rate: line.tax_rate, gross: 0, tax: 0 };
    entry.gross += line.total;
    entry.tax += line.tax;
    rates.set(key, entry);
  }
  const by_tax_rate = [...rates.values()].sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1));
  return { amount, tax, by_tax_rate };
}

/**
 * What refunding `quantity` of a line gives back, given what was refunded of it before. The last
 * refund of a line takes exactly what is left of its total and VAT, so a line refunded in several
 * steps gives back its total and VAT to the minor unit.
 */
export function lineRefundFigures(
  line: { quantity: number; unit_price: number; total: number; tax: number; tax_rate: number | null },
  refunded: { quantity: number; amount: number; tax: number },
  quantity: number,
): { amount: number; tax: number } {
  const q = quantityThousandths(quantity);
  const lineQ = quantityThousandths(line.quantity);
  const doneQ = quantityThousandths(refunded.quantity);
  if (q === null || lineQ === null || doneQ === null)
    throw new RangeError('A quantity has at most three decimals.');
  if (doneQ + q >= lineQ) return { amount: line.total - refunded.amount, tax: line.tax - refunded.tax };
  const amount = Math.min(lineTotal(quantity, line.unit_price), line.total - refunded.amount);
  return { amount, tax: Math.min(includedTax(amount, line.tax_rate), line.tax - refunded.tax) };
}
