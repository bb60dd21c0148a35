import { SHOPPER_LANGUAGE_NAMES, textDirection } from '@scanline/contracts/locales';
import type { Translator } from '../../platform/i18n/catalogue';
import { SHOPPER_LOCALES } from '../../platform/i18n/locales';
import { escapeHtml } from '../../platform/mail/render-email';
import { addressLines } from './business-address';
import type { Receipt } from './get-receipt';
import { receiptDocument } from './receipt-facts';
import { isolated, renderReceiptLines } from './receipt-lines';

/** ` dir="rtl"` for a language written right to left (its name in the menu), nothing otherwise. */
const dirOf = (locale: string) => (textDirection(locale) === 'rtl' ? ' dir="rtl"' : '');

/**
 * The receipt as a small, self-contained page (no script, one inline stylesheet) that prints
 * cleanly on A4 and on 80 mm receipt paper, in the shopper's language with a
 * menu of links to the others (`?lang=`) and `<html lang>` saying which; Arabic right to left
 * (`dir="rtl"`, logical sides in the stylesheet, values isolated).
 */
export function renderReceipt(r: Receipt, t: Translator): string {
  const { business } = r;
  const address = addressLines(business.address, t.locale);
  // One document for the page and the email: the same figures, the same words.
  const doc = receiptDocument(r, t);
  const vat = doc.vat === null ? '' : `<p class="muted vat">${escapeHtml(doc.vat)}</p>`;
  const rows = [
    ...doc.split,
    [t.t('receipt.number'), doc.number],
    [t.t('receipt.paidAt'), doc.paidAt],
    ...(doc.tenders.length ? doc.tenders : doc.card ? [[t.t('receipt.card'), doc.card]] : []),
    ...(doc.reference ? [[t.t('receipt.reference'), doc.reference]] : []),
    ...(doc.terminal ? [[t.t('receipt.terminal'), doc.terminal]] : []),
    ...(doc.servedBy ? [[t.t('receipt.servedBy'), doc.servedBy]] : []),
  ];
  const refundRows = doc.refunds;
  const status = doc.status;
  const languages = SHOPPER_LOCALES.map((l) =>
    l === t.locale
      ? `<a href="?lang=${l}" hreflang="${l}" lang="${l}"${dirOf(l)} aria-current="true">${escapeHtml(SHOPPER_LANGUAGE_NAMES[l])}</a>`
      : `<a href="?lang=${l}" hreflang="${l}" lang="${l}"${dirOf(l)}>${escapeHtml(SHOPPER_LANGUAGE_NAMES[l])}</a>`,
  ).join(' ');
  const cell = (pairs: string[][]) =>
    pairs
      .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k!)}</th><td>${isolated(v!, t)}</td></tr>`)
      .join('');
  return `<!doctype html>
<html lang="${escapeHtml(t.locale)}"${t.dir === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.t('receipt.title', { number: r.number, business: business.name }))}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0;padding:1.5rem;display:flex;justify-content:center;background:Canvas;color:CanvasText}
main{width:100%;max-width:26rem}
h1{font-size:1.1rem;margin:0}.muted{opacity:.7;margin:.15rem 0;font-size:.9rem}address{font-style:normal}
.total{font-size:2rem;font-weight:700;margin:1.25rem 0 .25rem}
table{width:100%;border-collapse:collapse;margin-top:1rem;font-size:.95rem}
th{text-align:start;font-weight:500;opacity:.75;padding-block:.35rem;padding-inline:0 .75rem;vertical-align:top}td{text-align:end;padding:.35rem 0}
tr+tr{border-top:1px solid color-mix(in srgb,CanvasText 15%,transparent)}
footer{margin-top:1.5rem;font-size:.85rem;opacity:.75}
nav{margin-top:1.5rem;font-size:.85rem;display:flex;flex-wrap:wrap;gap:.25rem .75rem}nav a{color:inherit;padding:.25rem 0;min-height:24px;display:inline-block}nav a[aria-current]{font-weight:700;text-decoration:none}
@media print{body{padding:0;background:#fff;color:#000}main{max-width:none}nav{display:none}
@page{margin:12mm}}
@media print and (max-width:90mm){body{font-size:9pt}.total{font-size:14pt}}
</style></head><body><main>
<header><h1>${escapeHtml(business.name)}</h1>
${business.legalName ? `<p class="muted">${escapeHtml(business.legalName)}</p>` : ''}
${address.length ? `<address class="muted">${address.map(escapeHtml).join('<br>')}</address>` : ''}
${business.vatId ? `<p class="muted">${escapeHtml(t.t('receipt.vatIdLine', { vatId: business.vatId }))}</p>` : ''}
${business.supportEmail ? `<p class="muted">${escapeHtml(business.supportEmail)}</p>` : ''}</header>
${renderReceiptLines(doc.lines, t)}
<p class="total">${isolated(doc.total, t)}</p>
${vat}
<p class="muted">${escapeHtml(status)}</p>
<table>${cell(rows)}${cell(refundRows)}</table>
<footer>${escapeHtml(t.t('receipt.footer', { contact: business.supportEmail ?? business.name }))}</footer>
<nav aria-label="${escapeHtml(t.t('receipt.language'))}">${languages}</nav>
</main></body></html>`;
}
