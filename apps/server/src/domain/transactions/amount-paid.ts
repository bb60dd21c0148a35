import type { TransactionRow } from './transition-transaction';

/** Statuses in which the whole order amount was paid. */
const PAID_IN_FULL = new Set(['succeeded', 'partially_refunded', 'refunded']);

/**
 * What succeeded tenders paid of the order amount (docs/guide/tenders.md). The column is kept
 * only while a transaction is partly paid, so payments made before tenders existed read right.
 */
export const amountPaidOf = (t: Pick<TransactionRow, 'status' | 'amount' | 'amountPaid'>) =>
  PAID_IN_FULL.has(t.status) ? t.amount : t.amountPaid;

/** amount − amount_paid: what is still to pay. */
export const amountDueOf = (t: Pick<TransactionRow, 'status' | 'amount' | 'amountPaid'>) =>
  t.amount - amountPaidOf(t);
