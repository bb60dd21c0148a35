import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../platform/context';
import { analyzeGrownTables } from '../platform/planner-statistics';

const EVERY_MS = 60_000;

/**
 * PGlite's stand-in for autovacuum's ANALYZE (issue 18 §5): once a minute, fresh planner
 * statistics for the tables that grew, so keyset pages keep their index plans after growth.
 * PostgreSQL has its own autovacuum; nothing runs there.
 */
export function startPlannerStatistics(ctx: AppContext, log: FastifyBaseLogger): () => void {
  if (ctx.database.kind !== 'pglite') return () => {};
  const run = async () => {
    try {
      const analyzed = await analyzeGrownTables(ctx.database.db);
      if (analyzed.length) log.debug({ analyzed }, 'planner statistics refreshed');
    } catch (error) {
      log.error({ err: error }, 'planner statistics failed');
    }
  };
  // A data folder opened after a bulk load gets statistics at once, not a minute later.
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
