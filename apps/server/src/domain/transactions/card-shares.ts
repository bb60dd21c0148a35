import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { tenders } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * What card tenders being charged right now (`processing`) will pay (docs/guide/tenders.md):
 * read under the transaction's row lock, it is taken off what is due before another share is
 * charged or cash is taken, so racing tenders never pay more than the order.
 */
export async function amountInFlight(
  tx: Db,
  { projectId, transactionId, except }: { projectId: string; transactionId: string; except?: string },
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${tenders.amount}), 0)` })
    .from(tenders)
    .where(
      and(
        eq(tenders.projectId, projectId),
        eq(tenders.transactionId, transactionId),
        eq(tenders.method, 'card'),
        eq(tenders.status, 'processing'),
        ...(except ? [ne(tenders.id, except)] : []),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Card tenders still to pay or being paid: the checkout is being paid in parts. */
export async function openCardTenders(
  tx: Db,
  { projectId, transactionId }: { projectId: string; transactionId: string },
) {
  return tx
    .select()
    .from(tenders)
    .where(
      and(
        eq(tenders.projectId, projectId),
        eq(tenders.transactionId, transactionId),
        eq(tenders.method, 'card'),
        inArray(tenders.status, ['pending', 'processing']),
      ),
    );
}

/**
 * Nothing is left due: card shares not paid yet stop working (their pay pages read canceled),
 * in the database transaction that settled the checkout.
 */
export async function cancelPendingShares(
  tx: Db,
  { projectId, transactionId, now }: { projectId: string; transactionId: string; now: Date },
) {
  await tx
    .update(tenders)
    .set({ status: 'canceled', updatedAt: now })
    .where(
      and(
        eq(tenders.projectId, projectId),
        eq(tenders.transactionId, transactionId),
        eq(tenders.method, 'card'),
        eq(tenders.status, 'pending'),
      ),
    );
}
