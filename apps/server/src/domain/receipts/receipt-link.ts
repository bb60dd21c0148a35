import { randomBase62 } from '../../platform/ids';

/** The receipt page of a succeeded transaction: ~190 random bits, unguessable. */
export function newReceipt(publicUrl: string) {
  const receiptToken = randomBase62(32);
  return { receiptToken, receiptUrl: `${publicUrl}/receipts/${receiptToken}` };
}

/** A short number the shopper can quote: the day it was paid and the transaction's own id. */
export const receiptNumber = (t: { id: string; succeededAt: Date | null; createdAt: Date }) =>
  `R-${(t.succeededAt ?? t.createdAt).toISOString().slice(0, 10).replace(/-/g, '')}-${t.id.slice(4, 12).toUpperCase()}`;
