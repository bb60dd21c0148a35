import { and, eq, inArray } from 'drizzle-orm';
import { tenders, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockTerminalForBooks, recordBalanceEntry } from '../books/balance-entries';
import { requireOpenDrawer } from '../drawers/drawer-figures';
import { recordEvent } from '../events/record-event';
import { presentTransaction } from '../presenters/payments';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { openCardTenders } from './card-shares';
import { expireIfDue, isDue } from './expire-transactions';
import { findCallerTransaction } from './get-terminal-transaction';
import type { TenderRow } from './record-tender-outcome';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

/**
 * Cancels a pending, requires-action or partially paid transaction (its cash tenders given
 * back out of the drawer): guarded transition, history row and `transaction.canceled` event in
 * one database transaction. Any other status is 409, an
 * already canceled one included: a retry that must see the first answer again
 * sends the same Idempotency-Key.
 */
export async function cancelTransaction(
  db: Db,
  {
    caller,
    id,
    now,
    onCommitted,
  }: { caller: TerminalCaller; id: string; now: Date; onCommitted?: (row: TransactionRow) => void },
): Promise<{ row: TransactionRow; cardsToRefund: TenderRow[] }> {
  const current = await findCallerTransaction(db, { caller, id, action: 'transactions.create' });
  if (isDue(current, now)) {
    const { row, changed } = await expireIfDue(db, current, now);
    if (changed) onCommitted?.(row);
    throw stateConflict(row);
  }
  const result = await db.transaction(async (tx) => {
    const moved = await transitionTransaction(tx, {
      projectId: current.projectId,
      id,
      to: 'canceled',
      from: ['pending', 'requires_action', 'partially_paid'],
      reason: caller.kind === 'device' ? 'canceled by the terminal' : 'canceled through the API',
      set: { amountPaid: 0 },
      now,
    });
    if (!moved) return null;
    // A card share being charged now cannot be taken back yet: 409, the rollback undoes the move.
    const open = await openCardTenders(tx, { projectId: moved.row.projectId, transactionId: id });
    if (open.some((t) => t.status === 'processing')) {
      throw new AppError(
        'transaction_state_conflict',
        'A share of this bill is being paid right now; try again.',
      );
    }
    // Shares not paid yet stop working (their pay pages show it canceled).
    if (open.length > 0) {
      await tx
        .update(tenders)
        .set({ status: 'canceled', updatedAt: now })
        .where(
          and(
            eq(tenders.projectId, moved.row.projectId),
            inArray(
              tenders.id,
              open.map((t) => t.id),
            ),
          ),
        );
    }
    let cardsToRefund: TenderRow[] = [];
    if (moved.from === 'partially_paid') {
      // What was paid goes back: cash tenders out of the open drawer, as cash refunds of it
      // (docs/guide/drawer.md), after the books lock as any cash is; none open is 409 drawer_closed.
      await lockTerminalForBooks(tx, moved.row.projectId, moved.row.terminalId, now);
      const paidInCash = await tx
        .select({ id: tenders.id })
        .from(tenders)
        .where(
          and(
            eq(tenders.projectId, moved.row.projectId),
            eq(tenders.transactionId, id),
            eq(tenders.status, 'succeeded'),
            eq(tenders.method, 'cash'),
          ),
        )
        .limit(1);
      // Only cash needs the drawer: card shares alone go back through the provider.
      const drawer = paidInCash.length
        ? await requireOpenDrawer(tx, moved.row.projectId, moved.row.terminalId)
        : null;
      if (drawer)
        await tx
          .update(tenders)
          .set({ status: 'refunded', refundedAt: now, refundDrawerId: drawer.id, updatedAt: now })
          .where(
            and(
              eq(tenders.projectId, moved.row.projectId),
              eq(tenders.transactionId, id),
              eq(tenders.status, 'succeeded'),
              eq(tenders.method, 'cash'),
            ),
          );
      // Card shares go back through the provider once this commits (refundCanceledShares); their
      // payouts give the money back now, as a refund's balance entry does.
      cardsToRefund = await tx
        .update(tenders)
        .set({ status: 'refunded', refundedAt: now, updatedAt: now })
        .where(
          and(
            eq(tenders.projectId, moved.row.projectId),
            eq(tenders.transactionId, id),
            eq(tenders.status, 'succeeded'),
            eq(tenders.method, 'card'),
          ),
        )
        .returning();
      for (const card of cardsToRefund) {
        await recordBalanceEntry(tx, {
          projectId: moved.row.projectId,
          type: 'refund',
          transactionId: id,
          refundId: `cancel_${card.id}`,
          amount: -(card.amount + card.tipAmount),
          fee: 0,
          currency: moved.row.currency,
          at: now,
        });
      }
    }
    const [terminal] = await tx
      .select({ label: terminals.label })
      .from(terminals)
      .where(eq(terminals.id, moved.row.terminalId))
      .limit(1);
    await recordEvent(tx, {
      projectId: moved.row.projectId,
      type: 'transaction.canceled',
      objectId: id,
      data: presentTransaction(moved.row, terminal?.label ?? null),
      now,
    });
    return { row: moved.row, cardsToRefund };
  });
  if (result) return result;
  throw stateConflict(await findCallerTransaction(db, { caller, id, action: 'transactions.create' }));
}

const stateConflict = (row: TransactionRow) =>
  new AppError(
    'transaction_state_conflict',
    row.status === 'canceled'
      ? 'This transaction is already canceled.'
      : `This transaction is ${row.status.replace('_', ' ')} and can no longer be canceled.`,
  );
