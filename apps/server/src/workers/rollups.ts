import type { FastifyBaseLogger } from 'fastify';
import { ROLLUP_LAG_SECONDS } from '../domain/dashboard/get-dashboard';
import { refreshRollups } from '../domain/dashboard/refresh-rollups';
import type { AppContext } from '../platform/context';
import { startPeriodic } from '../platform/periodic';

/**
 * Keeps the dashboard rollups in step with payments, refunds and scans: every
 * ROLLUP_LAG_SECONDS it recomputes the buckets touched since the last pass. Safe on several
 * replicas (per-project advisory locks; recomputing is idempotent).
 */
export function startRollups(ctx: AppContext, log: FastifyBaseLogger) {
  return startPeriodic({
    name: 'rollups',
    everyMs: ROLLUP_LAG_SECONDS * 1000,
    firstAfterMs: 0,
    // The dashboard promises figures at most ROLLUP_LAG_SECONDS old: no stretching.
    jitter: 0,
    log,
    run: async () => {
      const { buckets } = await refreshRollups(ctx.database.db);
      if (buckets > 0) log.debug({ buckets }, 'dashboard rollups refreshed');
    },
  });
}
