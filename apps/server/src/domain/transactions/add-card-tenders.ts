import type { SplitResult, TenderResult } from '@scanline/contracts';
import { splitShares } from '@scanline/contracts/tenders';
import { and, eq, inArray } from 'drizzle-orm';
import { tenders, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import {
  claimIdempotencyKeyIn,
  finishIdempotencyKey,
  hashRequest,
  storedAnswer,
} from '../idempotency/idempotency';
import { presentTender, presentTerminalTransaction } from '../presenters/payments';
import { callerScope, type TerminalCaller } from '../terminals/terminal-caller';
import { amountDueOf } from './amount-paid';
import { findCallerTransaction } from './get-terminal-transaction';
import { lockTenderableTransaction } from './lock-tenderable';
import type { TransactionRow } from './transition-transaction';

type TenderRow = typeof tenders.$inferSelect;

interface Options {
  caller: TerminalCaller;
  transactionId: string;
  idempotencyKey: string;
  publicUrl: string;
  now: () => Date;
}

/**
 * One card share of what is due (docs/guide/tenders.md#card-tenders): a pending card tender with
 * a payment page of its own, paid by the shopper's phone like a whole checkout. `amount` over
 * what is due is 422 amount_exceeds_due.
 */
export async function addCardTender(
  db: Db,
  options: Options & { amount: number },
): Promise<{ status: number; body: TenderResult; replayed: boolean }> {
  const made = await writeCardTenders(db, options, `POST card tender ${options.amount}`, (due) => {
    if (options.amount > due) {
      throw new AppError(
        'amount_exceeds_due',
        `At most ${due} (minor units) is still due on this transaction.`,
        [{ path: 'body.amount', message: `At most ${due}`, code: 'too_big' }],
      );
    }
    return [options.amount];
  });
  return {
    status: 201,
    body: { tender: made.tenders[0]!, transaction: made.transaction },
    replayed: made.replayed,
  };
}

/**
 * Splits what is due into N pending card tenders (docs/guide/tenders.md#splitting-the-bill) that
 * differ by at most one minor unit (`splitShares`, shared with the terminal's preview).
 */
export async function splitTenders(
  db: Db,
  options: Options & { shares: number },
): Promise<{ status: number; body: SplitResult; replayed: boolean }> {
  const made = await writeCardTenders(db, options, `POST split ${options.shares}`, (due) => {
    const shares = splitShares(due, options.shares);
    if (!shares) {
      throw new AppError(
        'amount_exceeds_due',
        `${due} (minor units) due cannot be split ${options.shares} ways.`,
        [{ path: 'body.shares', message: `At most ${due}`, code: 'too_big' }],
      );
    }
    return shares;
  });
  return { status: 201, body: made, replayed: made.replayed };
}

/**
 * Under the transaction's row lock (the one every tender and payment of it takes), writes the
 * pending card tenders the caller's amounts make and the idempotency key's answer, in one
 * database transaction. A retry with the same key answers the same tenders as they are now.
 */
async function writeCardTenders(
  db: Db,
  { caller, transactionId, idempotencyKey, publicUrl, now: clock }: Options,
  request: string,
  amountsFor: (due: number) => number[],
) {
  const seen = await findCallerTransaction(db, { caller, id: transactionId, action: 'transactions.create' });
  const now = clock();
  const idempotency = {
    id: { projectId: seen.projectId, scope: callerScope(caller), key: idempotencyKey },
    requestHash: hashRequest(`${request} ${transactionId}`, {}),
  };
  const written = await db.transaction(async (tx) => {
    if (!(await claimIdempotencyKeyIn(tx, { ...idempotency, now }))) return null;
    const txn = await lockTenderableTransaction(tx, { projectId: seen.projectId, transactionId });
    const amounts = amountsFor(amountDueOf(txn));
    const rows = await tx
      .insert(tenders)
      .values(
        amounts.map((amount) => ({
          id: newId('tnd'),
          projectId: txn.projectId,
          transactionId: txn.id,
          method: 'card' as const,
          amount,
          status: 'pending' as const,
          paymentToken: randomBase62(24),
          cashierId: caller.kind === 'device' ? (caller.cashier?.id ?? null) : null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    await finishIdempotencyKey(tx, idempotency.id, {
      status: 201,
      body: { tender_ids: rows.map((r) => r.id) },
    });
    return { rows, txn };
  });
  if (written) return { ...present(written.rows, written.txn, publicUrl), replayed: false };
  const stored = await storedAnswer(db, idempotency.id, idempotency.requestHash);
  const ids = (stored.body as { tender_ids: string[] }).tender_ids;
  const rows = await db
    .select()
    .from(tenders)
    .where(and(eq(tenders.projectId, seen.projectId), inArray(tenders.id, ids)));
  const [txn] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.projectId, seen.projectId), eq(transactions.id, transactionId)));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { ...present(rows, txn!, publicUrl), replayed: true };
}

const present = (rows: TenderRow[], txn: TransactionRow, publicUrl: string) => ({
  tenders: rows.map((r) => presentTender(r, txn.currency, publicUrl)),
  transaction: presentTerminalTransaction(txn, publicUrl),
});
