import { formatDateTime } from '@scanline/contracts';
import { formatMoney } from '../money';
import { addressLines } from './business-address';
import type { Receipt } from './get-receipt';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** "Visa •••• 4242", or null when the payment carries no card. */
export const cardOf = (txn: { cardBrand: string | null; cardLast4: string | null }) =>
  txn.cardLast4 ? `${BRANDS[txn.cardBrand ?? ''] ?? txn.cardBrand ?? 'Card'} •••• ${txn.cardLast4}` : null;

/**
 * A receipt's time in the project's zone, the zone named: the console's one date formatter
 * (issue 31 §11).
 */
export const receiptTime = (at: Date, timeZone: string) => formatDateTime(at, { timeZone, withZone: true });

/**
 * What the receipt email says (issue 31 §10), the same facts as the receipt page: the business
 * (name, legal name, address, VAT ID), the amount, the card, when (with the project's zone
 * named) and the receipt number.
 */
export function receiptFacts(r: Receipt): { label: string; lines: string[] }[] {
  const { txn, business } = r;
  const card = cardOf(txn);
  const paidAt = txn.succeededAt ?? txn.updatedAt;
  return [
    { label: 'Amount', lines: [formatMoney(txn.amount, txn.currency)] },
    ...(card ? [{ label: 'Card', lines: [card] }] : []),
    { label: 'Date', lines: [`${receiptTime(paidAt, r.timeZone)} (${r.timeZone})`] },
    { label: 'Receipt number', lines: [r.number] },
    ...(txn.reference ? [{ label: 'Reference', lines: [txn.reference] }] : []),
    {
      label: 'Business',
      lines: [
        business.name,
        ...(business.legalName && business.legalName !== business.name ? [business.legalName] : []),
        ...addressLines(business.address),
      ],
    },
    ...(business.vatId ? [{ label: 'VAT ID', lines: [business.vatId] }] : []),
  ];
}
