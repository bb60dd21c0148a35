// The money a receipt states, computed once for every document that shows a payment: the
// receipt page, the receipt email, the API's transaction and the console's transaction page.
// No dependencies, so the web app imports it directly (`@scanline/contracts/receipt-figures`).

/**
 * VAT included in a gross amount, rounded half up to the minor unit:
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

export interface ReceiptFigures {
  /** The order amount the register asked for. */
  amount: number;
  /** The tip charged with it. */
  tip: number;
  /** What was charged: amount + tip. */
  total: number;
  /** Refunded so far (the tip included when given back). */
  refunded: number;
  /** The VAT included in what was charged; null when the payment has no rate. */
  vat: { rate: number; amount: number } | null;
  status: 'paid' | 'partially_refunded' | 'refunded';
}

/**
 * A payment's receipt figures. A voluntary tip is outside VAT unless the transaction's
 * `tip_taxable` (the project's `tips_taxable` when it was created).
 */
export function receiptFigures(t: {
  amount: number;
  tip_amount: number;
  amount_refunded: number;
  tax_rate: number | null;
  tip_taxable?: boolean;
  /**
   * A basket's VAT, the sum of its lines' own (docs/guide/baskets.md): it stands for the VAT of
   * the amount, as the close counts it; a taxable tip adds its VAT at the transaction's rate.
   */
  line_tax?: number | null;
}): ReceiptFigures {
  const total = t.amount + t.tip_amount;
  const tipTax = t.tip_taxable ? includedTax(t.tip_amount, t.tax_rate) : 0;
  const vat =
    t.line_tax !== undefined && t.line_tax !== null
      ? { rate: t.tax_rate ?? 0, amount: t.line_tax + tipTax }
      : t.tax_rate === null
        ? null
        : { rate: t.tax_rate, amount: includedTax(t.amount, t.tax_rate) + tipTax };
  return {
    amount: t.amount,
    tip: t.tip_amount,
    total,
    refunded: t.amount_refunded,
    vat,
    status:
      t.amount_refunded >= total && total > 0
        ? 'refunded'
        : t.amount_refunded > 0
          ? 'partially_refunded'
          : 'paid',
  };
}
