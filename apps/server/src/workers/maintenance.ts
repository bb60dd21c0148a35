import type { FastifyBaseLogger } from 'fastify';
import { purgeDeletedProjects } from '../domain/projects/projects';
import { purgeOldRequestLogs } from '../domain/request-logs/buffer';
import { purgeExpiredMfaPending } from '../identity/mfa/pending';
import type { AppContext } from '../platform/context';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly housekeeping: purges projects deleted more than 30 days ago and expired second
 * sign-in steps, and request logs older than 7 days. Safe on several
 * replicas at once (a DELETE of rows that are already gone deletes nothing).
 */
export function startMaintenance(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      const purged = await purgeDeletedProjects(ctx.database.db, ctx.now());
      if (purged > 0) log.info({ purged }, 'purged deleted projects');
      await purgeExpiredMfaPending(ctx.database.db, ctx.now());
      await purgeOldRequestLogs(ctx.database.db, ctx.now());
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
