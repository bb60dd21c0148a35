import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { businesses, projects, refunds, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { chargeKey, declinedAttempts } from '../transactions/declined-attempts';
import { recordPaymentOutcome } from '../transactions/record-payment-outcome';
import { releaseUncharged } from '../transactions/release-uncharged';
import { chargedAmount } from './check-tip';
import { providerFor } from './provider-for';
import { reverseRefund, settleRefund } from './refund-transaction';

export interface ReconcileReport {
  checked: number;
  finished: number;
  released: number;
  unknown: number;
}

/**
 * Finishes transactions left `processing` (a crash, or a provider that did not answer): asks
 * the provider for the charge made under the transaction's idempotency key and records it;
 * when there is none, nothing was charged and the transaction is released to try again.
 * Never charges. Run at start (every row) and periodically (rows stuck for a while), so a
 * charge in flight on a live replica is not second-guessed; and even then the idempotency
 * key keeps it one charge.
 */
export async function reconcileProcessing(
  ctx: AppContext,
  opts: { olderThanMs?: number; batch?: number } = {},
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, finished: 0, released: 0, unknown: 0 };
  const cutoff = new Date(ctx.now().getTime() - (opts.olderThanMs ?? 0));
  const batch = opts.batch ?? 200;
  let lastId = '';
  for (;;) {
    // Keyset on id: rows that stay processing (provider unreachable) are not read twice.
    const rows = await ctx.database.db
      .select({ txn: transactions, business: businesses })
      .from(transactions)
      .innerJoin(projects, eq(projects.id, transactions.projectId))
      .innerJoin(businesses, eq(businesses.id, projects.businessId))
      .where(
        and(
          eq(transactions.status, 'processing'),
          lte(transactions.updatedAt, cutoff),
          gt(transactions.id, lastId),
        ),
      )
      .orderBy(asc(transactions.id))
      .limit(batch);
    for (const { txn, business } of rows) {
      report.checked++;
      try {
        const provider = await providerFor(ctx, txn.provider, business);
        const declined = await declinedAttempts(ctx.database.db, txn.projectId, txn.id);
        const result = await provider.retrieve({
          projectId: txn.projectId,
          transactionId: txn.id,
          attemptKey: chargeKey(txn.id, declined),
          amount: chargedAmount(txn),
          currency: txn.currency,
          reference: txn.providerReference,
        });
        if (!result) {
          await releaseUncharged(ctx, { txn, attemptId: '', code: 'interrupted', to: 'pending' });
          report.released++;
        } else if (result.status === 'processing') {
          report.unknown++;
        } else {
          await recordPaymentOutcome(ctx, {
            projectId: txn.projectId,
            transactionId: txn.id,
            result,
            reason: 'reconciled',
          });
          report.finished++;
        }
      } catch {
        report.unknown++;
      }
    }
    if (rows.length < batch) break;
    lastId = rows[rows.length - 1]!.txn.id;
  }
  return report;
}

/**
 * Refunds left `pending` (the provider did not answer, or a crash): asked again under the
 * same idempotency key (our refund id), so a refund that already happened is not paid twice.
 */
export async function reconcilePendingRefunds(ctx: AppContext, opts: { olderThanMs?: number } = {}) {
  const cutoff = new Date(ctx.now().getTime() - (opts.olderThanMs ?? 0));
  const rows = await refundsWithBusiness(ctx.database.db)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.updatedAt, cutoff)))
    .orderBy(asc(refunds.createdAt))
    .limit(500);
  let settled = 0;
  for (const { refund, txn, business } of rows) {
    try {
      const after = await askRefundAgain(ctx, refund, txn, business);
      if (after.status !== 'pending') settled++;
    } catch {
      // Still unknown: the next round asks again.
    }
  }
  return { checked: rows.length, settled };
}

/** Refunds with their transaction and the business whose provider keys they need. */
export const refundsWithBusiness = (db: Db) =>
  db
    .select({ refund: refunds, txn: transactions, business: businesses })
    .from(refunds)
    .innerJoin(
      transactions,
      and(eq(transactions.id, refunds.transactionId), eq(transactions.projectId, refunds.projectId)),
    )
    .innerJoin(projects, eq(projects.id, refunds.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId));

/**
 * Whether asking the provider about a refund can change it here: a pending one (it may have
 * settled), or a succeeded one the provider holds (it may have failed since). A failed one is
 * final, and cash from a drawer never went through a provider.
 */
export const mayChangeAtStripe = (refund: typeof refunds.$inferSelect) =>
  refund.status === 'pending' ||
  (refund.status === 'succeeded' &&
    refund.providerReference !== null &&
    refund.drawerId === null &&
    refund.reversedAt === null);

/**
 * One refund asked of its provider again (our refund id is the idempotency key; a refund the
 * provider already holds is read, not made again), and its answer recorded: a pending one is
 * settled; a succeeded one the provider now reports failed is reversed (also when it was
 * pending and another reader settled it `succeeded` meanwhile), once.
 */
export async function askRefundAgain(
  ctx: AppContext,
  refund: typeof refunds.$inferSelect,
  txn: typeof transactions.$inferSelect,
  business: typeof businesses.$inferSelect,
) {
  const answer = await (await providerFor(ctx, txn.provider, business)).refund({
    projectId: refund.projectId,
    refundId: refund.id,
    transactionId: txn.id,
    reference: txn.providerReference,
    amount: refund.amount,
    currency: refund.currency,
    providerRefundId: refund.providerReference,
  });
  const settled = refund.status === 'pending' ? await settleRefund(ctx, refund, answer) : refund;
  if (settled.status === 'succeeded' && answer.status === 'failed' && mayChangeAtStripe(settled))
    return reverseRefund(ctx, settled, answer);
  return settled;
}
