import type { Translator } from '../../platform/i18n/catalogue';
import { addressLines } from './business-address';
import type { Receipt } from './get-receipt';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** "Visa •••• 4242", or null when the payment carries no card (brands are names, not words). */
export const cardOf = (t: Translator, txn: { cardBrand: string | null; cardLast4: string | null }) =>
  txn.cardLast4
    ? `${BRANDS[txn.cardBrand ?? ''] ?? txn.cardBrand ?? t.t('receipt.card')} •••• ${txn.cardLast4}`
    : null;

/**
 * What the receipt email says (issue 31 §10), the same facts as the receipt page, in the
 * shopper's language (issue 28 §1): the business (name, legal name, address, VAT ID), the
 * amount, the card, when (in the project's zone, named) and the receipt number.
 */
export function receiptFacts(r: Receipt, t: Translator): { label: string; lines: string[] }[] {
  const { txn, business } = r;
  const card = cardOf(t, txn);
  const paidAt = txn.succeededAt ?? txn.updatedAt;
  return [
    { label: t.t('receipt.amount'), lines: [t.money(txn.amount, txn.currency)] },
    ...(card ? [{ label: t.t('receipt.card'), lines: [card] }] : []),
    { label: t.t('receipt.date'), lines: [`${t.dateTime(paidAt, r.timeZone)} (${r.timeZone})`] },
    { label: t.t('receipt.number'), lines: [r.number] },
    ...(txn.reference ? [{ label: t.t('receipt.reference'), lines: [txn.reference] }] : []),
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
