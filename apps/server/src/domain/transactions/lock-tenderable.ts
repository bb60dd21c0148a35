import { and, eq } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { TransactionRow } from './transition-transaction';

/** Statuses that take a tender: not yet paid, or paid in part. */
const TENDERABLE = new Set(['pending', 'partially_paid']);

/**
 * The transaction under its row lock, when it takes a tender (docs/guide/tenders.md): racing
 * tenders are serialised here, so they never pay more than is due. A card payment in flight is
 * 409 `transaction_state_conflict`; nothing left due, 409 `transaction_not_payable`.
 */
export async function lockTenderableTransaction(
  tx: Db,
  { projectId, transactionId }: { projectId: string; transactionId: string },
): Promise<TransactionRow> {
  const [txn] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.id, transactionId)))
    .for('update');
  if (!txn) throw notFound('Transaction');
  if (!TENDERABLE.has(txn.status)) {
    throw new AppError(
      txn.status === 'processing' || txn.status === 'requires_action'
        ? 'transaction_state_conflict'
        : 'transaction_not_payable',
      `This transaction is ${txn.status.replace('_', ' ')} and takes no tender now.`,
    );
  }
  return txn;
}
