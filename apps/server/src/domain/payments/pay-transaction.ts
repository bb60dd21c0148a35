import type { PayResponse } from '@scanline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { paymentAttempts, transactions } from '../../db/schema';
import { BUS_CHANNELS } from '../../platform/bus';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { lastPaymentError } from '../presenters/payments';
import { loadScanContext } from '../scans/scan-context';
import { openCardTenders } from '../transactions/card-shares';
import { chargeKey, declinedAttempts } from '../transactions/declined-attempts';
import { expireAndPublishIfDue } from '../transactions/expire-transactions';
import { publishTransactionChange } from '../transactions/publish-transaction-change';
import { recordPaymentOutcome } from '../transactions/record-payment-outcome';
import { releaseUncharged } from '../transactions/release-uncharged';
import { type TransactionRow, transitionTransaction } from '../transactions/transition-transaction';
import { chargedAmount, checkTip } from './check-tip';
import { payTender } from './pay-tender';
import type { ChargeResult, PaymentProvider } from './provider';
import { providerFor } from './provider-for';

const notPayable = (status: string) =>
  new AppError(
    'transaction_not_payable',
    status === 'expired'
      ? 'This payment code has expired. Ask the merchant for a new one.'
      : status === 'canceled'
        ? 'The merchant canceled this payment.'
        : `This payment cannot be paid (it is ${status}).`,
  );

/** What the shopper sees for a transaction's current state. */
export function payAnswer(txn: TransactionRow, confirmUrl: string): PayResponse {
  switch (txn.status) {
    case 'succeeded':
    case 'partially_refunded':
    case 'refunded':
      return { status: 'succeeded', ...(txn.receiptUrl ? { receipt_url: txn.receiptUrl } : {}) };
    case 'failed':
      return {
        status: 'failed',
        failure_code: txn.failureCode ?? 'payment_failed',
        ...(txn.failureMessage ? { failure_message: txn.failureMessage } : {}),
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        next_action: {
          type: txn.provider === 'stripe' ? 'use_stripe_sdk' : 'confirm_payment',
          confirm_url: confirmUrl,
        },
      };
    case 'processing':
      return { status: 'processing' };
    case 'pending':
      // Back to pending after a declined card: say why; another card may be tried.
      if (txn.failureCode) {
        return {
          status: 'pending',
          last_payment_error: lastPaymentError(txn),
          failure_code: txn.failureCode,
          ...(txn.failureMessage ? { failure_message: txn.failureMessage } : {}),
        };
      }
      throw notPayable(txn.status);
    default:
      throw notPayable(txn.status);
  }
}

/**
 * Pays a scanned transaction, exactly once whatever the concurrency:
 * 1. one guarded move pending → processing (or requires_action → processing to confirm) wins;
 *    every other request answers the current state and charges nothing;
 * 2. the winner charges outside any database transaction, with the transaction id as the
 *    provider's idempotency key;
 * 3. the answer is recorded (processing → succeeded | failed | requires_action) with the
 *    attempt, the card, the scan's outcome and the outbox event, in one database transaction.
 * A crash between 1 and 3 leaves `processing`, which the start-up reconcile finishes by
 * retrieving the charge under the same key.
 */
export async function payTransaction(
  ctx: AppContext,
  input: {
    scanId: string;
    paymentMethod?: string;
    /** The simulator's wallet sheet (docs/guide/wallets.md). */
    wallet?: 'apple_pay' | 'google_pay';
    /** The shopper's tip for this try (a retry after a decline may pick another). */
    tipAmount?: number;
    confirmation?: boolean;
    confirmUrl: string;
  },
): Promise<PayResponse> {
  const db = ctx.database.db;
  const scanCtx = await loadScanContext(db, input.scanId);
  const provider = await providerFor(ctx, scanCtx.txn.provider, scanCtx.business);
  if (!input.confirmation) provider.checkPaymentMethod(input.paymentMethod ?? '');
  // Paid in parts (docs/guide/tenders.md#card-tenders): a share's own code pays that share; the
  // checkout's code, once part of it is paid or shared out, pays what is left as one more share.
  if (
    scanCtx.tender ||
    scanCtx.txn.status === 'partially_paid' ||
    (scanCtx.txn.status === 'pending' &&
      (await openCardTenders(db, { projectId: scanCtx.txn.projectId, transactionId: scanCtx.txn.id }))
        .length > 0)
  ) {
    return payTender(ctx, { ...input, scanCtx, provider });
  }
  // A confirmation finishes the try that chose its tip; a new try sets it anew.
  const tip = input.confirmation ? undefined : checkTip(scanCtx.txn, scanCtx.tipping, input.tipAmount);
  const txn = await expireAndPublishIfDue(ctx.database, scanCtx.txn, ctx.now());
  const now = ctx.now();
  const from = input.confirmation ? (['requires_action'] as const) : (['pending'] as const);

  // Already claimed or settled (most duplicate taps): skip the claiming transaction.
  const claimable = (from as readonly string[]).includes(txn.status);
  const claimed = !claimable
    ? null
    : await db.transaction(async (tx) => {
        const moved = await transitionTransaction(tx, {
          projectId: txn.projectId,
          id: txn.id,
          to: 'processing',
          from: [...from],
          ...(tip !== undefined ? { set: { tipAmount: tip } } : {}),
          reason: input.confirmation ? 'confirmation' : 'payment',
          now,
        });
        if (!moved) return null;
        // Card shares made or claimed before this row lock: the whole checkout is being paid in
        // parts, so this try must not charge all of it (the rollback puts it back to pending).
        if ((await openCardTenders(tx, { projectId: txn.projectId, transactionId: txn.id })).length > 0) {
          throw new AppError('transaction_state_conflict', 'This bill is being paid in shares; try again.');
        }
        // A new card after a decline is a new charge (its own idempotency key).
        const attemptKey = chargeKey(txn.id, await declinedAttempts(tx, txn.projectId, txn.id));
        let attemptId: string;
        if (input.confirmation) {
          const [attempt] = await tx
            .select({ id: paymentAttempts.id })
            .from(paymentAttempts)
            .where(
              and(eq(paymentAttempts.projectId, txn.projectId), eq(paymentAttempts.transactionId, txn.id)),
            )
            .orderBy(desc(paymentAttempts.createdAt))
            .limit(1);
          attemptId = attempt?.id ?? '';
          if (attempt) {
            await tx
              .update(paymentAttempts)
              .set({ status: 'processing', updatedAt: now })
              .where(eq(paymentAttempts.id, attempt.id));
          }
        } else {
          attemptId = newId('pat');
          await tx.insert(paymentAttempts).values({
            id: attemptId,
            projectId: txn.projectId,
            transactionId: txn.id,
            scanId: scanCtx.scan.id,
            provider: txn.provider,
            paymentMethod: input.paymentMethod!,
            status: 'processing',
            createdAt: now,
            updatedAt: now,
          });
        }
        return { row: moved.row, attemptId, attemptKey };
      });

  if (!claimed) {
    // Lost the race (or nothing to pay): charge nothing, answer what the winner gets.
    const current = await settledState(ctx, txn);
    if (input.confirmation && current?.status === 'pending') {
      throw new AppError('transaction_state_conflict', 'There is no payment waiting for confirmation.');
    }
    if (!input.confirmation && current?.status === 'pending') {
      throw new AppError('transaction_state_conflict', 'The payment could not start; try again.');
    }
    return payAnswer(current ?? txn, input.confirmUrl);
  }
  await publishTransactionChange(ctx.database.bus, claimed.row);

  const chargeInput = {
    projectId: txn.projectId,
    transactionId: txn.id,
    attemptKey: claimed.attemptKey,
    // What is charged: the order amount and the tip chosen for this try.
    amount: chargedAmount(claimed.row),
    currency: txn.currency,
    paymentMethod: input.paymentMethod ?? '',
    wallet: input.wallet,
    reference: claimed.row.providerReference,
    confirmation: input.confirmation,
  };
  let result: ChargeResult;
  try {
    result = await provider.charge(chargeInput);
  } catch (error) {
    return afterProviderError(ctx, {
      txn: claimed.row,
      attemptId: claimed.attemptId,
      attemptKey: claimed.attemptKey,
      provider,
      error,
      confirmUrl: input.confirmUrl,
      back: from[0],
    });
  }
  const { row } = await recordPaymentOutcome(ctx, {
    projectId: txn.projectId,
    transactionId: txn.id,
    result,
    attemptId: claimed.attemptId,
  });
  return payAnswer(row, input.confirmUrl);
}

/** How long a losing request waits for the winner's outcome before answering `processing`. */
const LOSER_WAIT_MS = 5_000;

/**
 * The transaction once it leaves `processing` (or after LOSER_WAIT_MS): ten taps on "Pay"
 * all answer the one payment's result. Listens before reading, so no change slips between.
 */
async function settledState(ctx: AppContext, txn: TransactionRow) {
  let wake = () => {};
  const woke = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const off = ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
    if (m.id === txn.id && m.status !== 'processing') wake();
  });
  try {
    let [current] = await loadCurrent(ctx, txn);
    if (current?.status === 'processing') {
      const timer = setTimeout(wake, LOSER_WAIT_MS);
      await woke;
      clearTimeout(timer);
      [current] = await loadCurrent(ctx, txn);
    }
    return current;
  } finally {
    off();
  }
}

async function loadCurrent(ctx: AppContext, txn: TransactionRow) {
  return ctx.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.projectId, txn.projectId), eq(transactions.id, txn.id)));
}

/**
 * The provider call failed. If a retrieve under the same key shows no charge, nothing was
 * taken: release the transaction (processing → pending, or back to requires_action) so the
 * shopper may try again. If even that is unknown, leave it processing for the reconcile.
 */
async function afterProviderError(
  ctx: AppContext,
  input: {
    txn: TransactionRow;
    attemptId: string;
    attemptKey: string;
    provider: PaymentProvider;
    error: unknown;
    confirmUrl: string;
    back: 'pending' | 'requires_action';
  },
): Promise<PayResponse> {
  if (input.error instanceof AppError && input.error.status < 500 && input.back === 'pending') {
    // Refused before anything was charged (e.g. an invalid request).
    await releaseUncharged(ctx, {
      txn: input.txn,
      attemptId: input.attemptId,
      code: input.error.code,
      to: 'pending',
    });
    throw input.error;
  }
  let found: ChargeResult | null;
  try {
    found = await input.provider.retrieve({
      projectId: input.txn.projectId,
      transactionId: input.txn.id,
      attemptKey: input.attemptKey,
      amount: chargedAmount(input.txn),
      currency: input.txn.currency,
      reference: input.txn.providerReference,
    });
  } catch {
    return { status: 'processing' };
  }
  if (found) {
    const { row } = await recordPaymentOutcome(ctx, {
      projectId: input.txn.projectId,
      transactionId: input.txn.id,
      result: found,
      attemptId: input.attemptId,
    });
    return payAnswer(row, input.confirmUrl);
  }
  await releaseUncharged(ctx, {
    txn: input.txn,
    attemptId: input.attemptId,
    code: 'provider_error',
    to: input.back,
  });
  throw new AppError(
    'provider_error',
    'The payment could not be processed and nothing was charged. Try again.',
  );
}
