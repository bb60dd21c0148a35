import { and, eq, isNull, sql } from 'drizzle-orm';
import { businesses, projects, refunds, tenders, terminals, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit, recordTerminalAudit } from '../audit/record-audit';
import { planLineRefund, recordRefundLines } from '../baskets/refund-lines';
import { lockTerminalForBooks, recordBalanceEntry } from '../books/balance-entries';
import { requireOpenDrawer } from '../drawers/drawer-figures';
import { recordEvent } from '../events/record-event';
import {
  claimIdempotencyKeyIn,
  finishIdempotencyKey,
  hashRequest,
  type IdempotencyScope,
  storedAnswer,
} from '../idempotency/idempotency';
import { presentRefund, presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { requireManager } from '../staff/require-manager';
import type { CashierOnDuty } from '../staff/resolve-cashier-session';
import { projectHasStaff } from '../staff/staff-presence';
import { publishTransactionChange } from '../transactions/publish-transaction-change';
import { transitionTransaction } from '../transactions/transition-transaction';
import { chargedAmount } from './check-tip';
import type { RefundResult } from './provider';
import { providerFor } from './provider-for';
import { refundedTender } from './refund-tender';

type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent' | 'other';

/** A refund made at the counter, by a paired terminal and its signed-in cashier. */
export interface CounterRefunder {
  kind: 'device';
  projectId: string;
  terminalId: string;
  cashier: CashierOnDuty | null | undefined;
  ip: string | null;
}

/**
 * Refunds from a device need the project to have staff and a manager signed in on it: a
 * project without staff cannot refund from a device (its one anonymous device could refund
 * anything), a cashier's session is `403 manager_required`.
 */
async function mayRefundAtCounter(db: Db, device: CounterRefunder) {
  if (!(await projectHasStaff(db, device.projectId))) {
    throw new AppError(
      'forbidden',
      'Refunds from a terminal need staff with a manager PIN; refund from the console or the API instead.',
    );
  }
  requireManager(device.cashier);
}

/**
 * Refunds all or part of a paid transaction, never more than was paid:
 * 1. under the transaction's row lock, the refund is reserved as `pending` against what is
 *    left (paid − refunded − other pending refunds), so concurrent refunds cannot overshoot;
 * 2. the provider refunds, keyed by the refund id (a retry is not paid twice);
 * 3. under the lock again: refund `succeeded`, amount_refunded, succeeded → partially_refunded
 *    | refunded, and the `transaction.refunded` event, in one database transaction.
 * A payment made in cash only skips the provider: the refund succeeds in step 1, as cash out
 * of the terminal's open drawer (409 `drawer_closed` when none is).
 */
export async function refundTransaction(
  ctx: AppContext,
  {
    actor,
    projectId,
    transactionId,
    input,
    idempotencyKey,
  }: {
    actor: Actor | CounterRefunder;
    projectId: string;
    transactionId: string;
    input: {
      amount?: number;
      tip_amount?: number;
      reason?: RefundReason;
      tender_id?: string;
      line_items?: { line_id: string; quantity: number }[];
    };
    /** Optional: a retried refund with the same key answers the first refund, never a second one. */
    idempotencyKey?: string;
  },
) {
  const db = ctx.database.db;
  if (actor.kind === 'device') await mayRefundAtCounter(db, actor);
  else await projectAccess(db, { actor, projectId, action: 'transactions.refund' });
  const who = actor.kind === 'user' ? actor.uid : actor.kind === 'api_key' ? actor.keyId : actor.cashier!.id;
  const now = ctx.now();
  // The key is claimed in the transaction that reserves the refund and answers with the refund's
  // id: a retry (or a double tap, which waits on the key) finds the same refund, as it is now.
  const idempotency = idempotencyKey
    ? {
        id: {
          projectId,
          scope: actor.kind === 'device' ? `terminal:${actor.terminalId}` : `${actor.kind}:${who}`,
          key: idempotencyKey,
        },
        requestHash: hashRequest(`POST refunds ${transactionId}`, input),
      }
    : undefined;

  const reserved = await db.transaction(async (tx) => {
    if (idempotency && !(await claimIdempotencyKeyIn(tx, { ...idempotency, now }))) return null;
    const [txn] = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.projectId, projectId),
          eq(transactions.id, transactionId),
          // At the counter, only the terminal's own payments.
          ...(actor.kind === 'device' ? [eq(transactions.terminalId, actor.terminalId)] : []),
        ),
      )
      .for('update');
    if (!txn) throw notFound('Transaction');
    if (txn.status !== 'succeeded' && txn.status !== 'partially_refunded') {
      throw new AppError(
        'transaction_state_conflict',
        `Only a succeeded payment can be refunded (this one is ${txn.status}).`,
      );
    }
    // A refund by line: its amount is what the lines' quantities cost (docs/guide/baskets.md).
    const byLine = input.line_items
      ? await planLineRefund(tx, {
          projectId,
          transactionId: txn.id,
          input: { ...input, line_items: input.line_items },
        })
      : null;
    const [pending] = await tx
      .select({
        sum: sql<string>`coalesce(sum(${refunds.amount}), 0)`,
        tips: sql<string>`coalesce(sum(${refunds.tipAmount}), 0)`,
      })
      .from(refunds)
      .where(
        and(
          eq(refunds.projectId, projectId),
          eq(refunds.transactionId, txn.id),
          eq(refunds.status, 'pending'),
        ),
      );
    // Up to what was charged, the tip included. What is left of the tip and of the
    // order amount is kept apart: a refund gives back the order first and the tip last.
    const tipLeft = txn.tipAmount - txn.tipRefunded - Number(pending?.tips ?? 0);
    const left = chargedAmount(txn) - txn.amountRefunded - Number(pending?.sum ?? 0);
    const orderLeft = left - tipLeft;
    const amount = byLine?.amount ?? input.amount ?? input.tip_amount ?? left;
    if (left <= 0 || amount > left) {
      throw new AppError(
        'refund_exceeds_amount',
        `At most ${Math.max(left, 0)} (minor units) can still be refunded on this transaction.`,
      );
    }
    const tipAmount = input.tip_amount ?? Math.max(0, amount - orderLeft);
    if (tipAmount > amount) {
      throw new AppError('validation_failed', 'tip_amount is part of amount: it cannot be larger.', [
        { path: 'body.tip_amount', message: 'At most the refund’s amount', code: 'too_big' },
      ]);
    }
    if (tipAmount > tipLeft || amount - tipAmount > orderLeft) {
      throw new AppError(
        'refund_exceeds_amount',
        `At most ${Math.max(tipLeft, 0)} of the tip and ${Math.max(orderLeft, 0)} of the order amount (minor units) can still be refunded.`,
      );
    }
    // A payment made in cash only is refunded in cash out of the open drawer, at once: no
    // provider, no balance entry (docs/guide/drawer.md).
    // Paid by several tenders: the refund names one (docs/guide/tenders.md#refunds).
    const share = await refundedTender(tx, {
      projectId,
      transactionId: txn.id,
      tenderId: input.tender_id,
      amount,
    });
    const cash = share ? share.method === 'cash' : await paidInCashOnly(tx, projectId, txn.id);
    const cashAt = cash ? await lockTerminalForBooks(tx, projectId, txn.terminalId, ctx.now()) : null;
    const drawer = cash ? await requireOpenDrawer(tx, projectId, txn.terminalId) : null;
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: newId('rfd'),
        projectId,
        transactionId: txn.id,
        tenderId: share?.id ?? null,
        amount,
        tipAmount,
        currency: txn.currency,
        reason: input.reason ?? null,
        status: drawer ? 'succeeded' : 'pending',
        succeededAt: cashAt,
        drawerId: drawer?.id ?? null,
        createdBy: who,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (byLine) await recordRefundLines(tx, { projectId, refundId: refund!.id, lines: byLine.lines });
    const details = {
      refund_id: refund!.id,
      amount,
      currency: txn.currency,
      ...(input.reason ? { reason: input.reason } : {}),
    };
    if (actor.kind === 'device') {
      await recordTerminalAudit(tx, {
        projectId,
        terminalId: actor.terminalId,
        action: 'transaction.refund_requested',
        target: txn.id,
        ip: actor.ip,
        now,
        metadata: { ...details, cashier_id: actor.cashier!.id, cashier_name: actor.cashier!.name },
      });
    } else {
      await recordAudit(tx, {
        actor,
        projectId,
        action: 'transaction.refund_requested',
        target: txn.id,
        now,
        metadata: details,
      });
    }
    const [business] = await tx
      .select({ b: businesses })
      .from(projects)
      .innerJoin(businesses, eq(businesses.id, projects.businessId))
      .where(eq(projects.id, projectId));
    if (idempotency) {
      await finishIdempotencyKey(tx, idempotency.id, { status: 201, body: { refund_id: refund!.id } });
    }
    const moved = drawer ? await applySucceededRefund(tx, { txn, refund: refund!, now: cashAt! }) : null;
    return { txn, refund: refund!, business: business!.b, cash: drawer !== null, moved, share };
  });
  if (!reserved) return replayRefund(db, projectId, idempotency!);
  if (reserved.cash) {
    if (reserved.moved) await publishTransactionChange(ctx.database.bus, reserved.moved.row);
    return presentRefund(reserved.refund);
  }

  const provider = await providerFor(ctx, reserved.txn.provider, reserved.business);
  let answer: RefundResult;
  try {
    answer = await provider.refund({
      projectId,
      refundId: reserved.refund.id,
      transactionId: reserved.txn.id,
      reference: reserved.share?.reference ?? reserved.txn.providerReference,
      amount: reserved.refund.amount,
      currency: reserved.txn.currency,
    });
  } catch {
    // Unknown whether the provider refunded: the refund stays pending (its amount reserved)
    // and the reconcile asks again under the same idempotency key.
    throw new AppError(
      'provider_error',
      `The payment provider did not answer; refund ${reserved.refund.id} is pending and will be retried.`,
    );
  }
  const refund = await settleRefund(ctx, reserved.refund, answer);
  if (refund.status === 'failed') {
    throw new AppError('provider_error', 'The payment provider refused the refund; nothing was refunded.');
  }
  return presentRefund(refund);
}

type RefundRow = typeof refunds.$inferSelect;

/** The refund a used key made, as it is now (409 idempotency_key_reused for another body). */
async function replayRefund(
  db: Db,
  projectId: string,
  idempotency: { id: IdempotencyScope; requestHash: string },
) {
  const stored = await storedAnswer(db, idempotency.id, idempotency.requestHash);
  const refundId = (stored.body as { refund_id: string }).refund_id;
  const [refund] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.projectId, projectId), eq(refunds.id, refundId)));
  if (!refund) throw notFound('Refund');
  if (refund.status === 'failed') {
    throw new AppError('provider_error', 'The payment provider refused the refund; nothing was refunded.');
  }
  return presentRefund(refund);
}

/**
 * Records the provider's answer for a pending refund, once (guarded on `pending`): the refund's
 * status, the transaction's amount_refunded and status, and `transaction.refunded`.
 */
export async function settleRefund(
  ctx: AppContext,
  pending: RefundRow,
  answer: RefundResult,
): Promise<RefundRow> {
  const { projectId, transactionId } = pending;
  if (answer.status === 'pending') {
    // Accepted, not done (Stripe's bank refunds can take days): nothing is booked and the
    // amount stays reserved until a webhook or the reconcile reads it succeeded or failed.
    const [still] = await ctx.database.db
      .update(refunds)
      .set({ providerReference: answer.reference, updatedAt: ctx.now() })
      .where(and(eq(refunds.projectId, projectId), eq(refunds.id, pending.id), eq(refunds.status, 'pending')))
      .returning();
    if (still) return still;
    const [current] = await ctx.database.db.select().from(refunds).where(eq(refunds.id, pending.id));
    return current!;
  }
  const done = await ctx.database.db.transaction(async (tx) => {
    const [txn] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.projectId, projectId), eq(transactions.id, transactionId)))
      .for('update');
    // The refund takes effect (succeeded_at) after the terminal's books lock.
    const settledAt =
      txn && answer.status !== 'failed'
        ? await lockTerminalForBooks(tx, projectId, txn.terminalId, ctx.now())
        : ctx.now();
    const [refund] = await tx
      .update(refunds)
      .set({
        status: answer.status === 'failed' ? 'failed' : 'succeeded',
        succeededAt: answer.status === 'failed' ? null : settledAt,
        providerReference: answer.reference,
        failureCode: answer.failureCode ?? null,
        updatedAt: ctx.now(),
      })
      .where(and(eq(refunds.projectId, projectId), eq(refunds.id, pending.id), eq(refunds.status, 'pending')))
      .returning();
    if (!refund) {
      const [current] = await tx.select().from(refunds).where(eq(refunds.id, pending.id));
      return { refund: current!, moved: null };
    }
    if (answer.status === 'failed' || !txn) return { refund, moved: null };
    await recordBalanceEntry(tx, {
      projectId,
      type: 'refund',
      transactionId: txn.id,
      refundId: refund.id,
      amount: -refund.amount,
      fee: 0,
      currency: refund.currency,
      at: settledAt,
    });
    const moved = await applySucceededRefund(tx, { txn, refund, now: ctx.now() });
    return { refund, moved };
  });
  if (done.moved) await publishTransactionChange(ctx.database.bus, done.moved.row);
  return done.refund;
}

/**
 * A refund that had succeeded and that the provider now reports failed (Stripe: the card's
 * account was closed; the money went back to the balance), reversed once, in ONE database
 * transaction under the transaction's row lock and the terminal's books lock (the instant it
 * takes effect, `reversed_at`, is stamped like a refund's `succeeded_at`, so a close counts it
 * exactly once): the refund `failed` with `reversed_at` (its `succeeded_at` kept: the close
 * that counted it still recounts as made; its lines, by line, are free again, as a failed
 * refund's are), a `refund_reversal` balance entry of +amount (the refund's own entry is never
 * edited), the transaction's refunded amount and tip given back and its status moved back, and
 * `transaction.refund_failed` in the outbox. Guarded on `succeeded`: the same event twice, or
 * the webhook racing the reconcile, reverses once. docs/guide/closes.md#refunds-that-fail-after-succeeding
 */
export async function reverseRefund(
  ctx: AppContext,
  succeeded: RefundRow,
  answer: RefundResult,
): Promise<RefundRow> {
  const { projectId, transactionId } = succeeded;
  const done = await ctx.database.db.transaction(async (tx) => {
    const [txn] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.projectId, projectId), eq(transactions.id, transactionId)))
      .for('update');
    const current = async () => (await tx.select().from(refunds).where(eq(refunds.id, succeeded.id)))[0]!;
    // Cash given out of a drawer never comes back through a provider.
    if (!txn || succeeded.drawerId) return { refund: await current(), moved: null };
    const reversedAt = await lockTerminalForBooks(tx, projectId, txn.terminalId, ctx.now());
    const [refund] = await tx
      .update(refunds)
      .set({
        status: 'failed',
        reversedAt,
        failureCode: answer.failureCode ?? null,
        updatedAt: ctx.now(),
      })
      .where(
        and(
          eq(refunds.projectId, projectId),
          eq(refunds.id, succeeded.id),
          eq(refunds.status, 'succeeded'),
          isNull(refunds.reversedAt),
          isNull(refunds.drawerId),
        ),
      )
      .returning();
    if (!refund) return { refund: await current(), moved: null };
    await recordBalanceEntry(tx, {
      projectId,
      type: 'refund_reversal',
      transactionId: txn.id,
      refundId: refund.id,
      amount: refund.amount,
      fee: 0,
      currency: refund.currency,
      at: reversedAt,
    });
    const refunded = txn.amountRefunded - refund.amount;
    const moved = await transitionTransaction(tx, {
      projectId,
      id: txn.id,
      to: refunded > 0 ? 'partially_refunded' : 'succeeded',
      from: ['partially_refunded', 'refunded'],
      set: { amountRefunded: refunded, tipRefunded: txn.tipRefunded - refund.tipAmount },
      reason: `refund ${refund.id} failed`,
      now: reversedAt,
    });
    if (moved) {
      const [terminal] = await tx
        .select({ label: terminals.label })
        .from(terminals)
        .where(and(eq(terminals.projectId, projectId), eq(terminals.id, txn.terminalId)));
      await recordEvent(tx, {
        projectId,
        type: 'transaction.refund_failed',
        objectId: txn.id,
        data: { ...presentTransaction(moved.row, terminal?.label ?? null), refund: presentRefund(refund) },
        now: reversedAt,
      });
    }
    return { refund, moved };
  });
  if (done.moved) await publishTransactionChange(ctx.database.bus, done.moved.row);
  return done.refund;
}

/**
 * A succeeded refund on its transaction, under its row lock: amount (and tip) refunded, the
 * status moved, `transaction.refunded` in the outbox.
 */
async function applySucceededRefund(
  tx: Tx,
  { txn, refund, now }: { txn: typeof transactions.$inferSelect; refund: RefundRow; now: Date },
) {
  const refunded = txn.amountRefunded + refund.amount;
  const moved = await transitionTransaction(tx, {
    projectId: txn.projectId,
    id: txn.id,
    to: refunded >= chargedAmount(txn) ? 'refunded' : 'partially_refunded',
    from: ['succeeded', 'partially_refunded'],
    set: { amountRefunded: refunded, tipRefunded: txn.tipRefunded + refund.tipAmount },
    reason: `refund ${refund.id}`,
    now,
  });
  if (moved) {
    const [terminal] = await tx
      .select({ label: terminals.label })
      .from(terminals)
      .where(and(eq(terminals.projectId, txn.projectId), eq(terminals.id, txn.terminalId)));
    await recordEvent(tx, {
      projectId: txn.projectId,
      type: 'transaction.refunded',
      objectId: txn.id,
      data: { ...presentTransaction(moved.row, terminal?.label ?? null), refund: presentRefund(refund) },
      now,
    });
  }
  return moved;
}

/** Whether a payment was made in cash only: its succeeded tenders are all cash (and there is one). */
async function paidInCashOnly(tx: Tx, projectId: string, transactionId: string): Promise<boolean> {
  const rows = await tx
    .select({ method: tenders.method })
    .from(tenders)
    .where(
      and(
        eq(tenders.projectId, projectId),
        eq(tenders.transactionId, transactionId),
        eq(tenders.status, 'succeeded'),
      ),
    );
  return rows.length > 0 && rows.every((r) => r.method === 'cash');
}
