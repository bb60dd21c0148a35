import type { CreateCashTender, TenderResult } from '@scanline/contracts';
import { cashChange } from '@scanline/contracts/tenders';
import { and, eq } from 'drizzle-orm';
import { tenders, terminals, transactions } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { lockTerminalForBooks } from '../books/balance-entries';
import { requireOpenDrawer } from '../drawers/drawer-figures';
import { recordEvent } from '../events/record-event';
import {
  claimIdempotencyKeyIn,
  finishIdempotencyKey,
  hashRequest,
  type IdempotencyScope,
  storedAnswer,
} from '../idempotency/idempotency';
import { presentTender, presentTerminalTransaction, presentTransaction } from '../presenters/payments';
import { newReceipt } from '../receipts/receipt-link';
import { callerScope, type TerminalCaller } from '../terminals/terminal-caller';
import { amountDueOf } from './amount-paid';
import { amountInFlight, cancelPendingShares } from './card-shares';
import { findCallerTransaction } from './get-terminal-transaction';
import { lockTenderableTransaction } from './lock-tenderable';
import { publishTransactionChange } from './publish-transaction-change';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

/**
 * Cash handed over at the counter (docs/guide/tenders.md): under the transaction's row lock
 * (so racing tenders never pay more than is due), one database transaction writes the
 * succeeded tender, what is paid, the status (partially_paid, or succeeded when nothing is left
 * due), its outbox event and the idempotency key's answer. Cash reaches no payout: it writes
 * no balance entry.
 */
export async function addCashTender(
  { db, bus }: { db: Db; bus: Bus },
  {
    caller,
    transactionId,
    input,
    idempotencyKey,
    publicUrl,
    now: clock,
  }: {
    caller: TerminalCaller;
    transactionId: string;
    input: CreateCashTender;
    idempotencyKey: string;
    publicUrl: string;
    now: () => Date;
  },
): Promise<{ status: number; body: TenderResult; changed: TransactionRow | null }> {
  // Who may see it (404 otherwise) and act on it, before any write.
  const seen = await findCallerTransaction(db, { caller, id: transactionId, action: 'transactions.create' });
  const now = clock();
  const idempotency = {
    id: { projectId: seen.projectId, scope: callerScope(caller), key: idempotencyKey },
    requestHash: hashRequest(`POST tenders ${transactionId}`, input),
  };
  const change = cashChange(input.amount, input.cash_given);
  if (change === null) {
    throw new AppError('cash_given_too_low', 'The cash given is less than the amount it pays.', [
      { path: 'body.cash_given', message: 'At least the amount', code: 'too_small' },
    ]);
  }
  const written = await db.transaction(async (tx) => {
    if (!(await claimIdempotencyKeyIn(tx, { ...idempotency, now }))) return null;
    const txn = await lockTenderableTransaction(tx, { projectId: seen.projectId, transactionId });
    // Card shares being charged now will pay their part: cash takes only what is left.
    const due =
      amountDueOf(txn) - (await amountInFlight(tx, { projectId: txn.projectId, transactionId: txn.id }));
    if (input.amount > due) {
      throw new AppError(
        'amount_exceeds_due',
        `At most ${due} (minor units) is still due on this transaction.`,
        [{ path: 'body.amount', message: `At most ${due}`, code: 'too_big' }],
      );
    }
    const paidInFull = input.amount === amountDueOf(txn);
    // Cash is stamped after the terminal's books lock, as a card's payment is
    // (docs/guide/closes.md): a close being made either counts it (and its drawer) or leaves it
    // to the next. Cash goes into the open drawer; none open is 409 drawer_closed.
    const at = await lockTerminalForBooks(tx, txn.projectId, txn.terminalId, clock());
    const drawer = await requireOpenDrawer(tx, txn.projectId, txn.terminalId);
    const [tender] = await tx
      .insert(tenders)
      .values({
        id: newId('tnd'),
        projectId: txn.projectId,
        transactionId: txn.id,
        method: 'cash',
        amount: input.amount,
        status: 'succeeded',
        cashGiven: input.cash_given,
        change,
        cashierId: caller.kind === 'device' ? (caller.cashier?.id ?? null) : null,
        succeededAt: at,
        drawerId: drawer.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const amountPaid = txn.amount - amountDueOf(txn) + input.amount;
    let row: TransactionRow;
    if (txn.status === 'partially_paid' && !paidInFull) {
      const [updated] = await tx
        .update(transactions)
        .set({ amountPaid, updatedAt: now })
        .where(eq(transactions.id, txn.id))
        .returning();
      row = updated!;
    } else {
      const moved = await transitionTransaction(tx, {
        projectId: txn.projectId,
        id: txn.id,
        to: paidInFull ? 'succeeded' : 'partially_paid',
        from: [txn.status],
        reason: 'cash tender',
        set: paidInFull
          ? {
              amountPaid,
              succeededAt: at,
              fee: 0,
              failureCode: null,
              failureMessage: null,
              ...newReceipt(publicUrl),
            }
          : { amountPaid },
        now,
      });
      // The row is locked: nothing else can have moved it.
      if (!moved) throw new Error(`transaction ${txn.id} moved under its lock`);
      row = moved.row;
    }
    if (paidInFull) await cancelPendingShares(tx, { projectId: txn.projectId, transactionId: txn.id, now });
    if (paidInFull || txn.status === 'pending') {
      const [terminal] = await tx
        .select({ label: terminals.label })
        .from(terminals)
        .where(eq(terminals.id, row.terminalId))
        .limit(1);
      await recordEvent(tx, {
        projectId: row.projectId,
        type: paidInFull ? 'transaction.succeeded' : 'transaction.partially_paid',
        objectId: row.id,
        data: presentTransaction(row, terminal?.label ?? null),
        now,
      });
    }
    const body = {
      tender: presentTender(tender!, row.currency),
      transaction: presentTerminalTransaction(row, publicUrl),
    };
    await finishIdempotencyKey(tx, idempotency.id, { status: 201, body: { tender_id: tender!.id } });
    return { body, row };
  });
  if (written) {
    await publishTransactionChange(bus, written.row);
    return { status: 201, body: written.body, changed: written.row };
  }
  return { status: 201, body: await replayTender(db, seen.projectId, idempotency, publicUrl), changed: null };
}

/** A retried tender answers the first one, as it and its transaction are now. */
async function replayTender(
  db: Db,
  projectId: string,
  idempotency: { id: IdempotencyScope; requestHash: string },
  publicUrl: string,
): Promise<TenderResult> {
  const stored = await storedAnswer(db, idempotency.id, idempotency.requestHash);
  const tenderId = (stored.body as { tender_id: string }).tender_id;
  const [found] = await db
    .select({ tender: tenders, txn: transactions })
    .from(tenders)
    .innerJoin(transactions, eq(transactions.id, tenders.transactionId))
    .where(and(eq(tenders.projectId, projectId), eq(tenders.id, tenderId)));
  if (!found) throw notFound('Tender');
  return {
    tender: presentTender(found.tender, found.txn.currency),
    transaction: presentTerminalTransaction(found.txn, publicUrl),
  };
}
