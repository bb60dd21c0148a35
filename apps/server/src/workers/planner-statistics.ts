import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../platform/context';
import { startPeriodic } from '../platform/periodic';
import { analyzeGrownTables } from '../platform/planner-statistics';

const EVERY_MS = 60_000;

/**
 * PGlite's stand-in for autovacuum's ANALYZE: once a minute, fresh planner statistics for the
 * tables that grew, so keyset pages keep their index plans after growth. PostgreSQL has its own
 * autovacuum; nothing runs there.
 */
export function startPlannerStatistics(ctx: AppContext, log: FastifyBaseLogger) {
  if (ctx.database.kind !== 'pglite') return async () => {};
  return startPeriodic({
    name: 'planner-statistics',
    everyMs: EVERY_MS,
    // A data folder opened after a bulk load gets statistics at once, not a minute later.
    firstAfterMs: 1_000,
    log,
    run: async () => {
      const analyzed = await analyzeGrownTables(ctx.database.db);
      if (analyzed.length) log.debug({ analyzed }, 'planner statistics refreshed');
    },
  });
}
