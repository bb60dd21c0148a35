import { and, eq, sql } from 'drizzle-orm';
import { terminals, transactions } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { recordEvent } from '../events/record-event';
import { presentTransaction } from '../presenters/payments';
import { publishTransactionChange } from './publish-transaction-change';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

const EXPIRABLE = ['pending', 'requires_action'] as const;

export const isDue = (row: TransactionRow, now: Date) =>
  (EXPIRABLE as readonly string[]).includes(row.status) && row.expiresAt.getTime() <= now.getTime();

async function expireOne(tx: Db, projectId: string, id: string, now: Date) {
  // A code that lapses after a declined card has failed, not merely expired.
  const [current] = await tx
    .select({ status: transactions.status, failureCode: transactions.failureCode })
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.id, id)));
  const declined = current?.status === 'pending' && Boolean(current.failureCode);
  const moved = await transitionTransaction(tx, {
    projectId,
    id,
    to: declined ? 'failed' : 'expired',
    from: declined ? ['pending'] : [...EXPIRABLE],
    reason: declined ? 'payment code expired after a declined card' : 'payment code expired',
    now,
  });
  if (!moved) return null;
  const [terminal] = await tx
    .select({ label: terminals.label })
    .from(terminals)
    .where(eq(terminals.id, moved.row.terminalId))
    .limit(1);
  await recordEvent(tx, {
    projectId,
    type: declined ? 'transaction.failed' : 'transaction.expired',
    objectId: id,
    data: presentTransaction(moved.row, terminal?.label ?? null),
    now,
  });
  return moved.row;
}

/**
 * Moves pending / requires-action transactions past `expires_at` to `expired`, with their
 * history rows and `transaction.expired` events, in one database transaction per batch.
 * Replicas sweeping together skip each other's rows (SKIP LOCKED); the guarded transition
 * makes a row that a payment moved meanwhile stay as the payment left it.
 */
export async function expireDueTransactions(
  { db, bus }: { db: Db; bus: Bus },
  { now, batch = 200 }: { now: Date; batch?: number },
): Promise<TransactionRow[]> {
  const expired = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: transactions.id, projectId: transactions.projectId })
      .from(transactions)
      .where(
        sql`${transactions.status} in ('pending', 'requires_action') and ${transactions.expiresAt} <= ${now}`,
      )
      .orderBy(transactions.expiresAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    const expired: TransactionRow[] = [];
    for (const d of due) {
      const row = await expireOne(tx, d.projectId, d.id, now);
      if (row) expired.push(row);
    }
    return expired;
  });
  for (const t of expired) void publishTransactionChange(bus, t);
  return expired;
}

/**
 * A transaction read after its expiry but before the sweeper's next pass is expired on the
 * spot (same guarded transition and event), so no reader ever sees a payable stale code.
 */
export async function expireIfDue(
  db: Db,
  row: TransactionRow,
  now: Date,
): Promise<{ row: TransactionRow; changed: boolean }> {
  if (!isDue(row, now)) return { row, changed: false };
  const moved = await db.transaction((tx) => expireOne(tx, row.projectId, row.id, now));
  if (moved) return { row: moved, changed: true };
  const [fresh] = await db.select().from(transactions).where(eq(transactions.id, row.id)).limit(1);
  return { row: fresh ?? row, changed: false };
}

/** expireIfDue for the shopper's paths: the change, if any, is told to every replica at once. */
export async function expireAndPublishIfDue(
  database: { db: Db; bus: Bus },
  row: TransactionRow,
  now: Date,
): Promise<TransactionRow> {
  const result = await expireIfDue(database.db, row, now);
  if (result.changed) await publishTransactionChange(database.bus, result.row);
  return result.row;
}
