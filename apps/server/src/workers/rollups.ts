import type { FastifyBaseLogger } from 'fastify';
import { ROLLUP_LAG_SECONDS } from '../domain/dashboard/get-dashboard';
import { refreshRollups } from '../domain/dashboard/refresh-rollups';
import type { AppContext } from '../platform/context';

/**
 * Keeps the dashboard rollups in step with payments, refunds and scans (issue 9): every
 * ROLLUP_LAG_SECONDS it recomputes the buckets touched since the last pass. Safe on several
 * replicas (per-project advisory locks; recomputing is idempotent).
 */
export function startRollups(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { buckets } = await refreshRollups(ctx.database.db);
      if (buckets > 0) log.debug({ buckets }, 'dashboard rollups refreshed');
    } catch (error) {
      log.error({ err: error }, 'dashboard rollups failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, ROLLUP_LAG_SECONDS * 1000);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
