import type { FastifyBaseLogger } from 'fastify';
import { reconcilePendingRefunds, reconcileProcessing } from '../domain/payments/reconcile-processing';
import type { AppContext } from '../platform/context';
import { startPeriodic } from '../platform/periodic';

const EVERY_MS = 60_000;
/** Live replicas' charges take seconds; a transaction processing this long was interrupted. */
const STUCK_AFTER_MS = 2 * 60_000;

/**
 * Transactions left `processing`: all of them once at start (a crash of this process left
 * them), then every minute those stuck for two minutes (another replica crashed, a provider
 * timed out). Safe on many replicas: every move is a guarded UPDATE, every charge is keyed.
 */
export async function reconcileOnStart(ctx: AppContext, log: FastifyBaseLogger) {
  try {
    const report = await reconcileProcessing(ctx);
    if (report.checked > 0) log.info(report, 'reconciled transactions left processing');
    const refundReport = await reconcilePendingRefunds(ctx);
    if (refundReport.checked > 0) log.info(refundReport, 'reconciled refunds left pending');
  } catch (error) {
    log.error({ err: error }, 'reconcile on start failed');
  }
}

export function startPaymentReconcile(ctx: AppContext, log: FastifyBaseLogger) {
  return startPeriodic({
    name: 'payment-reconcile',
    everyMs: EVERY_MS,
    log,
    run: async () => {
      const report = await reconcileProcessing(ctx, { olderThanMs: STUCK_AFTER_MS });
      if (report.checked > 0) log.info(report, 'reconciled stuck transactions');
      const refundReport = await reconcilePendingRefunds(ctx, { olderThanMs: STUCK_AFTER_MS });
      if (refundReport.checked > 0) log.info(refundReport, 'reconciled stuck refunds');
    },
  });
}
