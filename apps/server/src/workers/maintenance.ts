import type { FastifyBaseLogger } from 'fastify';
import { maintainPartitions, PARTITIONED_TABLES } from '../domain/maintenance/maintain-partitions';
import { purgeDeletedProjects } from '../domain/projects/purge-deleted-projects';
import { purgeExpiredMfaPending } from '../identity/mfa/pending';
import type { AppContext } from '../platform/context';
import { startPeriodic } from '../platform/periodic';

const EVERY_MS = 60 * 60 * 1000;

/**
 * One maintenance run: purges projects deleted more than 30 days ago and expired second
 * sign-in steps, makes the partitions of the tables that grow with traffic (request logs, events,
 * webhook deliveries and attempts) for this month and the next three, and drops whole months
 * past their retention (RETENTION_REQUEST_LOGS_DAYS, RETENTION_EVENTS_DAYS,
 * RETENTION_DELIVERIES_DAYS). Returns what it did, one line each, per table
 * (`npm run cli -- maintenance run` prints them). Safe on several replicas at once.
 */
export async function runMaintenance(ctx: AppContext, asOf: Date): Promise<string[]> {
  const lines: string[] = [];
  const purged = await purgeDeletedProjects(ctx.database.db, asOf);
  if (purged > 0) lines.push(`purged ${purged} project(s) deleted more than 30 days ago`);
  await purgeExpiredMfaPending(ctx.database.db, asOf);
  const { retention } = ctx.config;
  const retentionDays = {
    RETENTION_REQUEST_LOGS_DAYS: retention.requestLogsDays,
    RETENTION_EVENTS_DAYS: retention.eventsDays,
    RETENTION_DELIVERIES_DAYS: retention.deliveriesDays,
  };
  const work = await maintainPartitions(ctx.database.db, { asOf, retentionDays });
  for (const table of work) {
    const { setting } = PARTITIONED_TABLES.find((t) => t.table === table.table)!;
    for (const name of table.created) lines.push(`created partition ${name}`);
    if (table.moved > 0)
      lines.push(`moved ${table.moved} row(s) out of ${table.table}_default into their month`);
    for (const { name, to } of table.dropped)
      lines.push(
        `dropped partition ${name} (every row before ${to.toISOString().slice(0, 10)}, past ${setting}=${retentionDays[setting]})`,
      );
  }
  return lines;
}

/** Hourly, in every replica; the first run a minute after start. */
export function startMaintenance(ctx: AppContext, log: FastifyBaseLogger) {
  return startPeriodic({
    name: 'maintenance',
    everyMs: EVERY_MS,
    firstAfterMs: 60_000,
    log,
    run: async () => {
      const lines = await runMaintenance(ctx, ctx.now());
      if (lines.length > 0) log.info({ done: lines }, 'maintenance');
    },
  });
}
