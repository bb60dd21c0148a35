import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentAttempts, scans, terminals, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { recordEvent } from '../events/record-event';
import type { ChargeResult } from '../payments/provider';
import { presentTransaction } from '../presenters/payments';
import { publishTransactionChange } from './publish-transaction-change';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

/**
 * Writes what the provider answered: processing → succeeded | failed | requires_action, the
 * attempt's result, the card, the scan's `paid` outcome and the outbox event, in one database
 * transaction. Used by the pay route, the crash reconcile and Stripe's webhooks alike; only
 * the first writer moves the transaction (the guarded UPDATE), the others read what it wrote.
 */
export async function recordPaymentOutcome(
  ctx: AppContext,
  input: {
    projectId: string;
    transactionId: string;
    result: ChargeResult;
    attemptId?: string;
    reason?: string;
  },
): Promise<{ row: TransactionRow; changed: boolean }> {
  const now = ctx.now();
  const { result } = input;
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.projectId, input.projectId), eq(transactions.id, input.transactionId)))
      .for('update');
    if (!current) return null;
    if (result.status === 'processing' || result.status === current.status)
      return { row: current, changed: false };
    if (current.status === 'pending' || current.status === 'requires_action') {
      // A reconcile found no charge and released it, then the provider's answer arrived: the
      // charge exists, so it is recorded (never charged again: the idempotency key holds).
      const back = await transitionTransaction(tx, {
        projectId: input.projectId,
        id: input.transactionId,
        to: 'processing',
        from: [current.status],
        reason: 'provider_reported',
        now,
      });
      if (!back) return { row: current, changed: false };
    } else if (current.status !== 'processing') {
      return { row: current, changed: false };
    }
    const failed = result.status === 'failed';
    const moved = await transitionTransaction(tx, {
      projectId: input.projectId,
      id: input.transactionId,
      to: result.status,
      from: ['processing'],
      reason: input.reason,
      set: {
        providerReference: result.reference ?? current.providerReference,
        cardBrand: result.cardBrand ?? current.cardBrand,
        cardLast4: result.cardLast4 ?? current.cardLast4,
        failureCode: failed ? (result.failureCode ?? 'payment_failed') : null,
        failureMessage: failed ? (result.failureMessage ?? null) : null,
        ...(result.status === 'succeeded' ? { succeededAt: now } : {}),
      },
      now,
    });
    if (!moved) return { row: current, changed: false };

    const [attempt] = input.attemptId
      ? await tx
          .select()
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.projectId, input.projectId), eq(paymentAttempts.id, input.attemptId)))
      : await tx
          .select()
          .from(paymentAttempts)
          .where(
            and(
              eq(paymentAttempts.projectId, input.projectId),
              eq(paymentAttempts.transactionId, input.transactionId),
              inArray(paymentAttempts.status, ['processing', 'requires_action']),
            ),
          )
          .orderBy(desc(paymentAttempts.createdAt))
          .limit(1);
    if (attempt) {
      await tx
        .update(paymentAttempts)
        .set({
          status: result.status,
          providerReference: result.reference,
          cardBrand: result.cardBrand ?? null,
          cardLast4: result.cardLast4 ?? null,
          failureCode: failed ? (result.failureCode ?? 'payment_failed') : null,
          failureMessage: failed ? (result.failureMessage ?? null) : null,
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, attempt.id));
    }
    if (result.status === 'succeeded' && attempt?.scanId) {
      await tx
        .update(scans)
        .set({ outcome: 'paid', paidAt: now, updatedAt: now })
        .where(and(eq(scans.projectId, input.projectId), eq(scans.id, attempt.scanId)));
    }
    if (result.status !== 'requires_action') {
      const [terminal] = await tx
        .select({ label: terminals.label })
        .from(terminals)
        .where(and(eq(terminals.projectId, input.projectId), eq(terminals.id, moved.row.terminalId)));
      await recordEvent(tx, {
        projectId: input.projectId,
        type: result.status === 'succeeded' ? 'transaction.succeeded' : 'transaction.failed',
        objectId: input.transactionId,
        data: presentTransaction(moved.row, terminal?.label ?? null),
        now,
      });
    }
    return { row: moved.row, changed: true };
  });
  if (!outcome) throw new Error(`transaction ${input.transactionId} vanished while recording its payment`);
  if (outcome.changed) await publishTransactionChange(ctx.database.bus, outcome.row);
  return outcome;
}
