import type { Translator } from '../../platform/i18n/catalogue';
import { cardName } from './card-name';

/** A tender as a receipt reads it (the succeeded ones, in the order they were paid). */
export interface ReceiptTender {
  method: 'card' | 'cash';
  amount: number;
  tipAmount: number;
  cardBrand: string | null;
  cardLast4: string | null;
  cardWallet: string | null;
  cashGiven: number | null;
  change: number | null;
}

/**
 * The receipt's "paid with" block (docs/guide/tenders.md): one row per tender, "Visa ••4242 €20.00",
 * "Cash €10.00 — given €20.00, change €10.00". Shown only for a checkout paid in parts or in cash:
 * a single card is already the receipt's card row. Its own function, beside the line items block,
 * so the page and the email render the same rows.
 */
export function tenderRows(tenders: ReceiptTender[], t: Translator, currency: string): [string, string][] {
  if (tenders.length === 0 || (tenders.length === 1 && tenders[0]!.method === 'card')) return [];
  const money = (v: number) => t.money(v, currency);
  return tenders.map((x) => {
    if (x.method === 'cash') {
      return [
        t.t('receipt.tenderCash'),
        x.cashGiven !== null && x.change !== null && x.change > 0
          ? t.t('receipt.tenderCashChange', {
              amount: money(x.amount),
              given: money(x.cashGiven),
              change: money(x.change),
            })
          : money(x.amount),
      ];
    }
    const card = x.cardLast4 ? `${cardName(t, x)} ••${x.cardLast4}` : t.t('receipt.card');
    const paid = money(x.amount + x.tipAmount);
    return [
      card,
      x.tipAmount > 0 ? t.t('receipt.tenderTip', { amount: paid, tip: money(x.tipAmount) }) : paid,
    ];
  });
}
