import { and, count, eq } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Cards the provider declined for this transaction so far. */
export async function declinedAttempts(db: Db, projectId: string, transactionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.projectId, projectId),
        eq(paymentAttempts.transactionId, transactionId),
        eq(paymentAttempts.status, 'declined'),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The provider idempotency key of a transaction's charge attempt: the transaction id for the
 * first card (as before declines were retried), then one key per further card, so a new card is
 * a new charge while a retried call for the same card can never charge twice.
 */
export const chargeKey = (transactionId: string, declinedBefore: number) =>
  declinedBefore === 0 ? transactionId : `${transactionId}:${declinedBefore + 1}`;
