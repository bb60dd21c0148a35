import { type ReceiptFigures, receiptFigures } from '@scanline/contracts/receipt-figures';
import type { Translator } from '../../platform/i18n/catalogue';
import { rateOf } from '../books/vat';
import { addressLines } from './business-address';
import { cardName } from './card-name';
import type { Receipt } from './get-receipt';
import { receiptLinesBlock } from './receipt-lines';
import { tenderRows } from './receipt-tenders';

/** "Visa •••• 4242" or "Apple Pay •••• 4242", or null when the payment carries no card. */
export const cardOf = (
  t: Translator,
  txn: { cardBrand: string | null; cardLast4: string | null; cardWallet?: string | null },
) => (txn.cardLast4 ? `${cardName(t, txn)} •••• ${txn.cardLast4}` : null);

/** The figures of a stored transaction, by the one rule every document uses. */
export const figuresOf = (txn: Receipt['txn']): ReceiptFigures =>
  receiptFigures({
    amount: txn.amount,
    tip_amount: txn.tipAmount,
    amount_refunded: txn.amountRefunded,
    tax_rate: rateOf(txn.taxRate),
    tip_taxable: txn.tipTaxable,
    line_tax: txn.lineTax,
  });

/**
 * A receipt's facts, written once in the shopper's language: the receipt page and the receipt
 * email are both rendered from this, so they cannot state different figures.
 */
export function receiptDocument(r: Receipt, t: Translator) {
  const { txn } = r;
  const money = (v: number) => t.money(v, txn.currency);
  const figures = figuresOf(txn);
  const card = cardOf(t, txn);
  const lines = receiptLinesBlock(r.lines, txn.currency, t);
  return {
    figures,
    total: money(figures.total),
    /** The basket (lines and VAT per rate), or null without one. */
    lines,
    /** "incl. VAT 19 %: €3.95"; null without a rate, and with a basket (it states VAT per rate). */
    vat:
      figures.vat && !lines
        ? t.t('receipt.vatIncluded', { rate: t.percent(figures.vat.rate), amount: money(figures.vat.amount) })
        : null,
    status:
      figures.status === 'refunded'
        ? t.t('receipt.statusRefunded')
        : figures.status === 'partially_refunded'
          ? t.t('receipt.statusPartlyRefunded', { amount: money(figures.refunded) })
          : t.t('receipt.statusPaid'),
    /** Amount and tip, shown apart only when there was a tip. */
    split:
      figures.tip > 0
        ? [
            [t.t('receipt.amount'), money(figures.amount)],
            [t.t('receipt.tip'), money(figures.tip)],
          ]
        : [],
    card,
    /** One row per tender of a checkout paid in parts or in cash ("Cash €10.00 — given …"). */
    tenders: tenderRows(r.tenders, t, txn.currency),
    paidAt: t.dateTime(txn.succeededAt ?? txn.updatedAt, r.timeZone),
    number: r.number,
    reference: txn.reference,
    terminal: r.terminal,
    servedBy: txn.cashierName,
    // A refund that gave back the tip says so ("Refund, … · Tip").
    refunds: r.refunds.map((x) => [
      `${t.t('receipt.refundRow', { date: t.dateTime(x.createdAt, r.timeZone) })}${x.tipAmount > 0 ? ` · ${t.t('receipt.tip')} ${money(x.tipAmount)}` : ''}`,
      t.money(x.amount, txn.currency, { sign: 'negative' }),
    ]),
  };
}

/**
 * What the receipt email says, from the same document as the receipt page, in the
 * shopper's language: what was charged (with the amount and tip apart when tipped),
 * the VAT it includes, any refund, the card, when (in the project's zone, named), the receipt
 * number and the business (name, legal name, address, VAT ID).
 */
export function receiptFacts(r: Receipt, t: Translator): { label: string; lines: string[] }[] {
  const { business } = r;
  const doc = receiptDocument(r, t);
  const charged = [
    doc.total,
    ...(doc.vat ? [doc.vat] : []),
    ...(doc.lines?.vat ?? []),
    ...(doc.figures.refunded > 0 ? [doc.status] : []),
  ];
  return [
    ...(doc.lines
      ? [{ label: t.t('receipt.items'), lines: doc.lines.rows.map(([k, v]) => `${k}  ${v}`) }]
      : []),
    ...doc.split.map(([label, value]) => ({ label: label!, lines: [value!] })),
    { label: t.t(doc.split.length ? 'receipt.total' : 'receipt.amount'), lines: charged },
    ...(doc.tenders.length
      ? [{ label: t.t('receipt.paidWith'), lines: doc.tenders.map(([k, v]) => `${k} ${v}`) }]
      : doc.card
        ? [{ label: t.t('receipt.card'), lines: [doc.card] }]
        : []),
    { label: t.t('receipt.date'), lines: [`${doc.paidAt} (${r.timeZone})`] },
    { label: t.t('receipt.number'), lines: [r.number] },
    ...(doc.reference ? [{ label: t.t('receipt.reference'), lines: [doc.reference] }] : []),
    {
      label: t.t('receipt.business'),
      lines: [
        business.name,
        ...(business.legalName && business.legalName !== business.name ? [business.legalName] : []),
        ...addressLines(business.address, t.locale),
      ],
    },
    ...(business.vatId ? [{ label: t.t('receipt.vatId'), lines: [business.vatId] }] : []),
  ];
}
