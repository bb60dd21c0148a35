import { and, gte, inArray, sql } from 'drizzle-orm';
import { webhookAttempts } from '../../db/schema';
import type { Db } from '../../platform/db';

export interface AttemptStats {
  attempts: number;
  succeeded: number;
}

/** Attempts and successes per endpoint over the last 24 hours (the console's health column). */
export async function attemptStats24h(
  db: Db,
  { projectId, endpointIds, now }: { projectId: string; endpointIds: string[]; now: Date },
): Promise<Map<string, AttemptStats>> {
  const out = new Map<string, AttemptStats>();
  if (endpointIds.length === 0) return out;
  const since = new Date(now.getTime() - 24 * 3600 * 1000);
  const rows = await db
    .select({
      endpointId: webhookAttempts.endpointId,
      attempts: sql<number>`count(*)::int`,
      succeeded: sql<number>`(count(*) filter (where ${webhookAttempts.succeeded}))::int`,
    })
    .from(webhookAttempts)
    .where(
      and(
        sql`${webhookAttempts.projectId} = ${projectId}`,
        inArray(webhookAttempts.endpointId, endpointIds),
        gte(webhookAttempts.startedAt, since),
      ),
    )
    .groupBy(webhookAttempts.endpointId);
  for (const r of rows) out.set(r.endpointId, { attempts: r.attempts, succeeded: r.succeeded });
  return out;
}
