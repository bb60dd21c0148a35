import { basketFigures } from '@scanline/contracts/basket-figures';
import type { Translator } from '../../platform/i18n/catalogue';
import { escapeHtml } from '../../platform/mail/render-email';

/** A sold line as a receipt needs it (copied at sale time: docs/guide/baskets.md). */
export interface ReceiptLine {
  name: string;
  quantity: string;
  taxRate: string | null;
  total: number;
  tax: number;
}

export interface ReceiptLinesBlock {
  /** ["2 × Flat white (Large)", "€7.80"] per line. */
  rows: [string, string][];
  /** "incl. VAT 7 % on €12.90: €0.84" per rate, highest first; rates without VAT left out. */
  vat: string[];
}

/**
 * The basket's block of a receipt, in the shopper's language: one row per line and the VAT per
 * rate as the sum of its lines' VAT (the same figures as the transaction and the close, from
 * `@scanline/contracts/basket-figures`). Kept apart from the rest of the receipt so other blocks
 * (tenders) sit beside it. Null for a checkout without lines.
 */
export function receiptLinesBlock(
  lines: readonly ReceiptLine[],
  currency: string,
  t: Translator,
): ReceiptLinesBlock | null {
  if (lines.length === 0) return null;
  const money = (v: number) => t.money(v, currency);
  const figures = basketFigures(
    lines.map((l) => ({
      total: l.total,
      tax: l.tax,
      tax_rate: l.taxRate === null ? null : Number(l.taxRate),
    })),
  );
  return {
    rows: lines.map((l) => [
      t.t('receipt.lineRow', { quantity: t.number(Number(l.quantity)), name: l.name }),
      money(l.total),
    ]),
    vat: figures.by_tax_rate
      .filter((r) => r.rate !== null && r.rate > 0)
      .map((r) =>
        t.t('receipt.vatOfRate', { rate: t.percent(r.rate!), gross: money(r.gross), amount: money(r.tax) }),
      ),
  };
}

/**
 * A value (an amount, a card, a date) in a cell: in right-to-left text it is a `<bdi>`, so
 * "Visa •••• 4242" or "€12.50" keeps its own order instead of taking the page's.
 */
export const isolated = (value: string, t: Pick<Translator, 'dir'>) =>
  t.dir === 'rtl' ? `<bdi>${escapeHtml(value)}</bdi>` : escapeHtml(value);

/** The block as HTML for the receipt page (and its 80 mm print): a table of lines, the VAT per rate under it. */
export function renderReceiptLines(block: ReceiptLinesBlock | null, t: Translator): string {
  if (!block) return '';
  const rows = block.rows
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${isolated(v, t)}</td></tr>`)
    .join('');
  return `<section class="lines" aria-label="${escapeHtml(t.t('receipt.items'))}"><table>${rows}</table>${block.vat
    .map((v) => `<p class="muted vat">${escapeHtml(v)}</p>`)
    .join('')}</section>`;
}
