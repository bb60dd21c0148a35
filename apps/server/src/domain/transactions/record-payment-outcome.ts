import { MAX_DECLINED_ATTEMPTS, type ProjectEventType } from '@scanline/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentAttempts, scans, tenders, terminals, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { newId } from '../../platform/ids';
import { countPayment } from '../../platform/process-metrics';
import { lockTerminalForBooks, recordBalanceEntry } from '../books/balance-entries';
import { simulatorFee } from '../books/fees';
import { recordEvent } from '../events/record-event';
import type { ChargeResult } from '../payments/provider';
import { presentTransaction } from '../presenters/payments';
import { newReceipt } from '../receipts/receipt-link';
import { declinedAttempts } from './declined-attempts';
import { markAttempt } from './mark-attempt';
import { publishTransactionChange } from './publish-transaction-change';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

/**
 * Writes what the provider answered: processing → succeeded | requires_action, or for a declined
 * card back to pending (failed on the third decline), with the
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
    // A declined card is not the end. Back to pending with the reason, so the same
    // code takes another card; the third decline fails the transaction for good.
    const declined = result.status === 'failed';
    // A success is stamped after the terminal's books lock, with the clock read then,
    // so a close being made on the terminal either counts it or leaves it to the next close.
    let succeededAt = now;
    if (result.status === 'succeeded') {
      succeededAt = await lockTerminalForBooks(tx, input.projectId, current.terminalId, ctx.now());
    }
    // The simulator's fee now, on what was charged (the tip too); Stripe's comes
    // with its balance transaction.
    const charged = current.amount + current.tipAmount;
    const fee = current.provider === 'simulator' ? simulatorFee(charged, ctx.config.simulatorFee) : 0;
    const declines = declined ? (await declinedAttempts(tx, input.projectId, input.transactionId)) + 1 : 0;
    const to = declined ? (declines >= MAX_DECLINED_ATTEMPTS ? 'failed' : 'pending') : result.status;
    const moved = await transitionTransaction(tx, {
      projectId: input.projectId,
      id: input.transactionId,
      to,
      from: ['processing'],
      reason:
        declined && to === 'pending' ? `declined (${declines} of ${MAX_DECLINED_ATTEMPTS})` : input.reason,
      set: {
        providerReference: result.reference ?? current.providerReference,
        cardBrand: result.cardBrand ?? current.cardBrand,
        cardLast4: result.cardLast4 ?? current.cardLast4,
        // The wallet goes with the card it named.
        cardWallet: result.cardLast4 ? (result.cardWallet ?? null) : current.cardWallet,
        failureCode: declined ? (result.failureCode ?? 'payment_failed') : null,
        failureMessage: declined ? (result.failureMessage ?? null) : null,
        // Nothing was charged, so no tip was paid; the next card picks its own.
        ...(declined ? { tipAmount: 0 } : {}),
        ...(result.status === 'succeeded' ? { succeededAt, fee, ...newReceipt(ctx.config.publicUrl) } : {}),
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
      await markAttempt(tx, attempt.id, result, now);
    }
    if (result.status === 'succeeded') {
      // The card that paid the whole checkout is its one tender (docs/guide/tenders.md).
      await tx.insert(tenders).values({
        id: newId('tnd'),
        projectId: input.projectId,
        transactionId: input.transactionId,
        method: 'card',
        amount: moved.row.amount,
        tipAmount: moved.row.tipAmount,
        status: 'succeeded',
        cardBrand: moved.row.cardBrand,
        cardLast4: moved.row.cardLast4,
        cardWallet: moved.row.cardWallet,
        cashierId: moved.row.cashierId,
        succeededAt,
        createdAt: now,
        updatedAt: now,
      });
      await recordBalanceEntry(tx, {
        projectId: input.projectId,
        type: 'payment',
        transactionId: input.transactionId,
        amount: moved.row.amount + moved.row.tipAmount,
        fee,
        currency: moved.row.currency,
        at: succeededAt,
      });
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
      const data = presentTransaction(moved.row, terminal?.label ?? null);
      const types: ProjectEventType[] = declined
        ? to === 'failed'
          ? ['transaction.payment_failed', 'transaction.failed']
          : ['transaction.payment_failed']
        : ['transaction.succeeded'];
      for (const type of types) {
        await recordEvent(tx, { projectId: input.projectId, type, objectId: input.transactionId, data, now });
      }
    }
    return {
      row: moved.row,
      changed: true,
      outcome: declined ? (to === 'failed' ? 'failed' : 'declined') : to,
    };
  });
  if (!outcome) throw new Error(`transaction ${input.transactionId} vanished while recording its payment`);
  if (outcome.changed) {
    if ('outcome' in outcome && outcome.outcome) countPayment(outcome.outcome, outcome.row.provider);
    await publishTransactionChange(ctx.database.bus, outcome.row);
  }
  return { row: outcome.row, changed: outcome.changed };
}
