import type { PayResponse } from '@scanline/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentAttempts, tenders, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import type { ScanContext } from '../scans/scan-context';
import { amountDueOf } from '../transactions/amount-paid';
import { amountInFlight, openCardTenders } from '../transactions/card-shares';
import { recordTenderOutcome, type TenderRow } from '../transactions/record-tender-outcome';
import { captureHeldShares } from './capture-held-shares';
import { checkTip } from './check-tip';
import type { ChargeResult, PaymentProvider } from './provider';

/** A card share's charge key: the tender id, and one per card after a decline (never charged twice). */
export const tenderChargeKey = (tender: Pick<TenderRow, 'id' | 'declines'>) =>
  tender.declines === 0 ? tender.id : `${tender.id}_${tender.declines}`;

const notPayable = (why: string) => new AppError('transaction_not_payable', why);

/**
 * Pays one card share of a checkout paid in parts (docs/guide/tenders.md#card-tenders), exactly
 * once whatever the concurrency:
 * 1. under the transaction's row lock, the share moves pending → processing only while what is
 *    due, less the shares being charged now, still covers it: shares racing each other and cash
 *    never pay more than the order;
 * 2. the charge (the share and its tip) is made outside any database transaction under the
 *    tender's own idempotency key;
 * 3. the answer is written by recordTenderOutcome.
 * Scanning the transaction's own code while it is paid in parts pays what is left as one more
 * card share.
 */
export async function payTender(
  ctx: AppContext,
  input: {
    scanCtx: ScanContext;
    provider: PaymentProvider;
    paymentMethod?: string;
    /** The simulator's wallet sheet (docs/guide/wallets.md). */
    wallet?: 'apple_pay' | 'google_pay';
    tipAmount?: number;
    confirmation?: boolean;
    confirmUrl: string;
  },
): Promise<PayResponse> {
  const { scanCtx, provider } = input;
  const db = ctx.database.db;
  const now = ctx.now();
  // On a Stripe pay page, Stripe.js confirmed the share's own intent in the browser (the page
  // prepared it: open-scan.ts); the confirm that follows reads it, as a try of its own.
  // A share waiting for 3-D Secure after a try through the API keeps its own confirm path.
  const byStripeJs =
    input.confirmation === true &&
    scanCtx.tender !== null &&
    scanCtx.txn.provider === 'stripe' &&
    !(await waitingForAction(db, scanCtx));
  const claimed = await db.transaction(async (tx) => {
    const [txn] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.projectId, scanCtx.txn.projectId), eq(transactions.id, scanCtx.txn.id)))
      .for('update');
    if (!txn) throw notPayable('This payment cannot be paid.');
    let tender: TenderRow | undefined;
    let madeHere = false;
    if (input.confirmation && !byStripeJs) {
      // The try waiting for the shopper's approval: this scan's, and the share it pays.
      const [attempt] = await tx
        .select({ id: paymentAttempts.id, tenderId: paymentAttempts.providerReference })
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.projectId, txn.projectId),
            eq(paymentAttempts.scanId, scanCtx.scan.id),
            eq(paymentAttempts.status, 'requires_action'),
          ),
        )
        .orderBy(desc(paymentAttempts.createdAt))
        .limit(1);
      if (attempt?.tenderId)
        [tender] = await tx.select().from(tenders).where(eq(tenders.id, attempt.tenderId));
      if (tender?.status !== 'processing') {
        throw new AppError('transaction_state_conflict', 'There is no payment waiting for confirmation.');
      }
      return { txn, tender: tender!, attemptId: attempt!.id, madeHere };
    }
    if (scanCtx.tender) {
      [tender] = await tx.select().from(tenders).where(eq(tenders.id, scanCtx.tender.id));
    } else {
      // The checkout's own code: what is left once every open card share is taken off.
      const open = await openCardTenders(tx, { projectId: txn.projectId, transactionId: txn.id });
      const left = amountDueOf(txn) - open.reduce((sum, t) => sum + t.amount, 0);
      if (left <= 0 || (txn.status !== 'pending' && txn.status !== 'partially_paid')) {
        throw new AppError(
          'transaction_state_conflict',
          'The rest of this bill is being paid by its shares.',
        );
      }
      [tender] = await tx
        .insert(tenders)
        .values({
          id: newId('tnd'),
          projectId: txn.projectId,
          transactionId: txn.id,
          method: 'card',
          amount: left,
          status: 'pending',
          paymentToken: randomBase62(24),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      madeHere = true;
    }
    if (!tender) throw notPayable('This payment cannot be paid.');
    if (tender.status === 'processing') return { txn, tender, busy: true as const };
    if (tender.status !== 'pending') return { txn, tender, settled: true as const };
    if (txn.status !== 'pending' && txn.status !== 'partially_paid') {
      throw notPayable(
        txn.status === 'expired'
          ? 'This payment code has expired. Ask the merchant for a new one.'
          : `This payment cannot be paid (it is ${txn.status}).`,
      );
    }
    const due =
      amountDueOf(txn) - (await amountInFlight(tx, { projectId: txn.projectId, transactionId: txn.id }));
    if (tender.amount > due) {
      throw new AppError(
        'amount_exceeds_due',
        `At most ${due} (minor units) is still due on this transaction.`,
      );
    }
    const tip = checkTip(
      { amount: tender.amount, skipTipping: txn.skipTipping },
      scanCtx.tipping,
      input.tipAmount,
    );
    const [claimedTender] = await tx
      .update(tenders)
      .set({ status: 'processing', tipAmount: tip, updatedAt: now })
      .where(eq(tenders.id, tender.id))
      .returning();
    const attemptId = newId('pat');
    await tx.insert(paymentAttempts).values({
      id: attemptId,
      projectId: txn.projectId,
      transactionId: txn.id,
      scanId: scanCtx.scan.id,
      provider: txn.provider,
      paymentMethod: input.paymentMethod ?? (byStripeJs ? 'stripe_js' : ''),
      status: 'processing',
      // Which share this try pays: a confirmation finds its attempt by it.
      providerReference: tender.id,
      createdAt: now,
      updatedAt: now,
    });
    return { txn, tender: claimedTender!, attemptId, madeHere };
  });
  if ('busy' in claimed) return { status: 'processing' };
  if ('settled' in claimed) return shareAnswer(claimed.txn.receiptUrl, claimed.tender);

  const { txn, tender, attemptId } = claimed;
  const chargeInput = {
    projectId: txn.projectId,
    transactionId: txn.id,
    attemptKey: tenderChargeKey(tender),
    amount: tender.amount + tender.tipAmount,
    currency: txn.currency,
    paymentMethod: input.paymentMethod ?? '',
    wallet: input.wallet,
    reference: null,
    confirmation: input.confirmation,
    // A share is only authorised (where the provider can hold a card): the bill is captured whole.
    captureManually: true,
  };
  let result: ChargeResult | null;
  if (byStripeJs) {
    result = await provider
      .retrieve(chargeInput)
      .catch(() => ({ status: 'processing' as const, reference: null }));
    if (!result) {
      // The browser confirmed nothing (yet): the share waits, nothing was charged.
      await releaseShare(ctx, tender, false);
      throw new AppError('transaction_state_conflict', 'This share has not been paid with Stripe yet.');
    }
  } else
    try {
      result = await provider.charge(chargeInput);
    } catch (error) {
      // Whether anything was charged decides: a retrieve under the same key tells.
      result = await provider
        .retrieve(chargeInput)
        .catch(() => ({ status: 'processing' as const, reference: null }));
      if (!result) {
        await releaseShare(ctx, tender, claimed.madeHere);
        throw error instanceof AppError && error.status < 500
          ? error
          : new AppError(
              'provider_error',
              'The payment could not be processed and nothing was charged. Try again.',
            );
      }
    }
  const written = await recordTenderOutcome(ctx, {
    projectId: txn.projectId,
    transactionId: txn.id,
    tenderId: tender.id,
    result,
    attemptId,
  });
  if (result.status === 'failed' && claimed.madeHere) await releaseShare(ctx, written.tender, true);
  // The last share landed: every held share is captured now.
  if (written.row.status === 'succeeded') await captureHeldShares(ctx, { row: written.row, provider });
  if (result.status === 'failed') {
    return {
      status: 'pending',
      failure_code: result.failureCode ?? 'payment_failed',
      ...(result.failureMessage ? { failure_message: result.failureMessage } : {}),
      last_payment_error: {
        code: result.failureCode ?? 'payment_failed',
        message: result.failureMessage ?? 'The payment did not go through.',
      },
    };
  }
  if (result.status === 'requires_action') {
    return {
      status: 'requires_action',
      next_action: {
        type: txn.provider === 'stripe' ? 'use_stripe_sdk' : 'confirm_payment',
        confirm_url: input.confirmUrl,
      },
    };
  }
  return shareAnswer(written.row.receiptUrl, written.tender);
}

/** Whether this scan's last try waits for the shopper's approval (3-D Secure). */
async function waitingForAction(db: AppContext['database']['db'], scanCtx: ScanContext) {
  const [attempt] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.projectId, scanCtx.txn.projectId),
        eq(paymentAttempts.scanId, scanCtx.scan.id),
        eq(paymentAttempts.status, 'requires_action'),
      ),
    )
    .limit(1);
  return attempt !== undefined;
}

/** What the shopper paying a share sees once it is settled. */
function shareAnswer(receiptUrl: string | null, tender: TenderRow): PayResponse {
  if (tender.status === 'succeeded' || tender.status === 'refunded') {
    return { status: 'succeeded', ...(receiptUrl ? { receipt_url: receiptUrl } : {}) };
  }
  if (tender.status === 'processing') return { status: 'processing' };
  throw notPayable(
    tender.status === 'canceled' ? 'The merchant canceled this payment.' : `This share is ${tender.status}.`,
  );
}

/**
 * Nothing was charged: the share waits again (or, made from the checkout's own code for this try
 * alone, is canceled so the code can pay what is left next time).
 */
async function releaseShare(ctx: AppContext, tender: TenderRow, madeHere: boolean) {
  const now = ctx.now();
  await ctx.database.db
    .update(tenders)
    .set(
      madeHere ? { status: 'canceled', updatedAt: now } : { status: 'pending', tipAmount: 0, updatedAt: now },
    )
    .where(
      and(
        eq(tenders.id, tender.id),
        inArray(tenders.status, madeHere ? ['pending', 'processing'] : ['processing']),
      ),
    );
}
