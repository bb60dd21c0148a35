import { escapeHtml } from '../../platform/mail/render-email';
import { formatRate, includedTax, rateOf } from '../books/vat';
import { formatMoney } from '../money';
import { addressLines } from './business-address';
import type { Receipt } from './get-receipt';
import { cardOf, receiptTime } from './receipt-facts';

/**
 * The receipt as a small, self-contained page (no script, one inline stylesheet) that prints
 * cleanly on A4 and on 80 mm receipt paper (issue 15 §4).
 */
export function renderReceipt(r: Receipt): string {
  const { txn, business } = r;
  const address = addressLines(business.address);
  const refunded = r.refunds.reduce((sum, x) => sum + x.amount, 0);
  // Issue 26 §1: what was charged is the order amount and the tip.
  const total = txn.amount + txn.tipAmount;
  // Issue 25 §4: amounts are gross; the VAT they include, as "incl. VAT 19 %: €1.60".
  const rate = rateOf(txn.taxRate);
  const vat =
    rate === null
      ? ''
      : `<p class="muted vat">incl. VAT ${escapeHtml(formatRate(rate))} %: ${escapeHtml(formatMoney(includedTax(total, rate), txn.currency))}</p>`;
  const rows = [
    ...(txn.tipAmount > 0
      ? [
          ['Amount', formatMoney(txn.amount, txn.currency)],
          ['Tip', formatMoney(txn.tipAmount, txn.currency)],
        ]
      : []),
    ['Receipt number', r.number],
    ['Paid', receiptTime(txn.succeededAt ?? txn.updatedAt, r.timeZone)],
    ...(cardOf(txn) ? [['Card', cardOf(txn)!]] : []),
    ...(txn.reference ? [['Reference', txn.reference]] : []),
    ...(r.terminal ? [['Terminal', r.terminal]] : []),
    ...(txn.cashierName ? [['Served by', txn.cashierName]] : []),
  ];
  const refundRows = r.refunds.map((x) => [
    `Refund, ${receiptTime(x.createdAt, r.timeZone)}`,
    `−${formatMoney(x.amount, txn.currency)}`,
  ]);
  const cell = (pairs: string[][]) =>
    pairs
      .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k!)}</th><td>${escapeHtml(v!)}</td></tr>`)
      .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Receipt ${escapeHtml(r.number)} · ${escapeHtml(business.name)}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0;padding:1.5rem;display:flex;justify-content:center;background:Canvas;color:CanvasText}
main{width:100%;max-width:26rem}
h1{font-size:1.1rem;margin:0}.muted{opacity:.7;margin:.15rem 0;font-size:.9rem}address{font-style:normal}
.total{font-size:2rem;font-weight:700;margin:1.25rem 0 .25rem}
table{width:100%;border-collapse:collapse;margin-top:1rem;font-size:.95rem}
th{text-align:left;font-weight:500;opacity:.75;padding:.35rem 0;vertical-align:top}td{text-align:right;padding:.35rem 0}
tr+tr{border-top:1px solid color-mix(in srgb,CanvasText 15%,transparent)}
footer{margin-top:1.5rem;font-size:.85rem;opacity:.75}
@media print{body{padding:0;background:#fff;color:#000}main{max-width:none}
@page{margin:12mm}}
@media print and (max-width:90mm){body{font-size:9pt}.total{font-size:14pt}}
</style></head><body><main>
<header><h1>${escapeHtml(business.name)}</h1>
${business.legalName ? `<p class="muted">${escapeHtml(business.legalName)}</p>` : ''}
${address.length ? `<address class="muted">${address.map(escapeHtml).join('<br>')}</address>` : ''}
${business.vatId ? `<p class="muted">VAT ID ${escapeHtml(business.vatId)}</p>` : ''}
${business.supportEmail ? `<p class="muted">${escapeHtml(business.supportEmail)}</p>` : ''}</header>
<p class="total">${escapeHtml(formatMoney(total, txn.currency))}</p>
${vat}
<p class="muted">${refunded >= total ? 'Refunded in full' : refunded > 0 ? `Partly refunded: ${escapeHtml(formatMoney(refunded, txn.currency))}` : 'Paid'}</p>
<table>${cell(rows)}${cell(refundRows)}</table>
<footer>Keep this receipt for your records. Questions? Contact ${escapeHtml(business.supportEmail ?? business.name)}.</footer>
</main></body></html>`;
}
