import { and, desc, eq } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { publishTransactionChange } from './publish-transaction-change';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

/**
 * Nothing was charged (the provider refused before charging, or a retrieve under the
 * transaction's idempotency key found no charge): processing → pending (or back to
 * requires_action for a confirm step), so the shopper may try again; the attempt is marked.
 */
export async function releaseUncharged(
  ctx: AppContext,
  {
    txn,
    attemptId,
    code,
    to,
  }: { txn: TransactionRow; attemptId: string; code: string; to: 'pending' | 'requires_action' },
) {
  const now = ctx.now();
  const moved = await ctx.database.db.transaction(async (tx) => {
    const m = await transitionTransaction(tx, {
      projectId: txn.projectId,
      id: txn.id,
      to,
      from: ['processing'],
      // Nothing was charged; back to pending, the next try chooses its tip anew.
      ...(to === 'pending' ? { set: { tipAmount: 0 } } : {}),
      reason: 'not_charged',
      now,
    });
    const attempt =
      attemptId ||
      (
        await tx
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(
            and(
              eq(paymentAttempts.projectId, txn.projectId),
              eq(paymentAttempts.transactionId, txn.id),
              eq(paymentAttempts.status, 'processing'),
            ),
          )
          .orderBy(desc(paymentAttempts.createdAt))
          .limit(1)
      )[0]?.id;
    if (m && attempt) {
      await tx
        .update(paymentAttempts)
        .set(
          to === 'pending'
            ? { status: 'failed', failureCode: code, failureMessage: 'Nothing was charged.', updatedAt: now }
            : { status: 'requires_action', updatedAt: now },
        )
        .where(eq(paymentAttempts.id, attempt));
    }
    return m;
  });
  if (moved) await publishTransactionChange(ctx.database.bus, moved.row);
}
