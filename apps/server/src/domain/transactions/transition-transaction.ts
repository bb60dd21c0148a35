import { and, eq, inArray } from 'drizzle-orm';
import { type TransactionStatus, transactionStatusChanges, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { sourcesOf } from './status-machine';

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * Moves a transaction to `to` if, and only if, its current status may lead there (and is one
 * of `from`, when given). One guarded UPDATE decides the race; the loser gets null and must
 * not act (no charge, no event). Records the change in the status history. Run it inside the
 * database transaction that also writes the change's outbox event.
 */
export async function transitionTransaction(
  tx: Db,
  input: {
    projectId: string;
    id: string;
    to: TransactionStatus;
    from?: TransactionStatus[];
    /** Other columns to set with the move (card, failure, provider reference…). */
    set?: Partial<Omit<TransactionRow, 'id' | 'projectId' | 'status'>>;
    reason?: string;
    now: Date;
  },
): Promise<{ row: TransactionRow; from: TransactionStatus } | null> {
  const allowed = sourcesOf(input.to).filter((s) => !input.from || input.from.includes(s));
  if (allowed.length === 0) return null;
  const [before] = await tx
    .select({ status: transactions.status })
    .from(transactions)
    .where(and(eq(transactions.projectId, input.projectId), eq(transactions.id, input.id)))
    .for('update');
  if (!before || !allowed.includes(before.status)) return null;
  const [row] = await tx
    .update(transactions)
    .set({ ...input.set, status: input.to, updatedAt: input.now })
    .where(
      and(
        eq(transactions.projectId, input.projectId),
        eq(transactions.id, input.id),
        inArray(transactions.status, allowed),
      ),
    )
    .returning();
  if (!row) return null;
  await tx.insert(transactionStatusChanges).values({
    projectId: input.projectId,
    transactionId: input.id,
    fromStatus: before.status,
    toStatus: input.to,
    reason: input.reason ?? null,
    createdAt: input.now,
  });
  return { row, from: before.status };
}
