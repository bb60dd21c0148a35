import { and, eq } from 'drizzle-orm';
import { terminals, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { recordEvent } from '../events/record-event';
import { presentTransaction } from '../presenters/payments';
import { type TransactionRow, transitionTransaction } from '../transactions/transition-transaction';
import { publishTransactionChange } from './publish-change';

/**
 * A shopper reached a transaction past its 15 minutes before the expiry sweep did: expire it
 * now (the same guarded move the sweep makes, so only one of them records it).
 */
export async function expireIfDue(ctx: AppContext, txn: TransactionRow): Promise<TransactionRow> {
  const now = ctx.now();
  if (!(txn.status === 'pending' || txn.status === 'requires_action') || txn.expiresAt > now) return txn;
  const moved = await ctx.database.db.transaction(async (tx) => {
    const m = await transitionTransaction(tx, {
      projectId: txn.projectId,
      id: txn.id,
      to: 'expired',
      from: ['pending', 'requires_action'],
      reason: 'expired',
      now,
    });
    if (!m) return null;
    const [terminal] = await tx
      .select({ label: terminals.label })
      .from(terminals)
      .where(and(eq(terminals.projectId, txn.projectId), eq(terminals.id, txn.terminalId)));
    await recordEvent(tx, {
      projectId: txn.projectId,
      type: 'transaction.expired',
      objectId: txn.id,
      data: presentTransaction(m.row, terminal?.label ?? null),
      now,
    });
    return m.row;
  });
  if (moved) {
    await publishTransactionChange(ctx, moved);
    return moved;
  }
  const [current] = await ctx.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.projectId, txn.projectId), eq(transactions.id, txn.id)));
  return current ?? txn;
}
