import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';

/**
 * Turns a batch of outbox events into deliveries: one per (event, enabled endpoint subscribed
 * to its type that existed when the event happened). The events are locked with SKIP LOCKED
 * so replicas take different batches; the unique (project, event, endpoint) key and
 * `fanned_out_at` (set in the same transaction) make each delivery exist exactly once.
 */
export async function fanOutEvents(db: Db, now: Date, batch = 200) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: events.id, projectId: events.projectId, type: events.type, createdAt: events.createdAt })
      .from(events)
      .where(isNull(events.fannedOutAt))
      .orderBy(asc(events.seq))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0)
      return { events: 0, deliveries: [] as { projectId: string; endpointId: string; id: string }[] };
    const projectIds = [...new Set(due.map((e) => e.projectId))];
    const endpoints = await tx
      .select({
        id: webhookEndpoints.id,
        projectId: webhookEndpoints.projectId,
        eventTypes: webhookEndpoints.eventTypes,
        createdAt: webhookEndpoints.createdAt,
      })
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.projectId, projectIds), eq(webhookEndpoints.enabled, true)));
    const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
    for (const event of due) {
      for (const endpoint of endpoints) {
        if (endpoint.projectId !== event.projectId) continue;
        if (endpoint.createdAt > event.createdAt) continue;
        if (endpoint.eventTypes.length > 0 && !endpoint.eventTypes.includes(event.type)) continue;
        rows.push({
          id: newId('dlv'),
          projectId: event.projectId,
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          status: 'pending',
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    const created = [];
    for (let i = 0; i < rows.length; i += 500) {
      created.push(
        ...(await tx
          .insert(webhookDeliveries)
          .values(rows.slice(i, i + 500))
          .onConflictDoNothing()
          .returning({
            id: webhookDeliveries.id,
            projectId: webhookDeliveries.projectId,
            endpointId: webhookDeliveries.endpointId,
          })),
      );
    }
    await tx
      .update(events)
      .set({ fannedOutAt: now })
      .where(
        and(
          inArray(
            events.id,
            due.map((e) => e.id),
          ),
          isNull(events.fannedOutAt),
        ),
      );
    return { events: due.length, deliveries: created };
  });
}

export type ClaimedDelivery = typeof webhookDeliveries.$inferSelect;

/**
 * Leases up to `limit` due deliveries to `owner` until `leaseUntil` (FOR UPDATE SKIP LOCKED:
 * replicas never take the same row). A claim whose lease ran out — its sender crashed —
 * is due again. Endpoints in `busy` (at their concurrency limit here) are skipped.
 */
export async function claimDueDeliveries(
  db: Db,
  opts: { owner: string; now: Date; leaseUntil: Date; limit: number; busy: string[] },
): Promise<ClaimedDelivery[]> {
  const d = webhookDeliveries;
  const busy = opts.busy.length
    ? sql`and ${d.endpointId} not in (${sql.join(
        opts.busy.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return db
    .update(d)
    .set({ leaseOwner: opts.owner, leaseUntil: opts.leaseUntil })
    .where(
      sql`${d.id} in (
        select dd.id from ${d} dd
        where dd.status = 'pending' and dd.next_attempt_at <= ${opts.now.toISOString()}::timestamptz
          and (dd.lease_until is null or dd.lease_until < ${opts.now.toISOString()}::timestamptz)
          and exists (select 1 from ${webhookEndpoints} e where e.id = dd.endpoint_id and e.enabled)
          ${busy}
        order by dd.next_attempt_at
        limit ${opts.limit}
        for update of dd skip locked
      )`,
    )
    .returning();
}

/** Gives back claims (extra rows over a per-endpoint limit, or on shutdown). */
export async function releaseClaims(db: Db, owner: string, ids?: string[]) {
  await db
    .update(webhookDeliveries)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(
      and(eq(webhookDeliveries.leaseOwner, owner), ids ? inArray(webhookDeliveries.id, ids) : undefined),
    );
}

/**
 * PGlite: one process owns the data folder, so at start every lease left in it belongs to a
 * process that is gone; they are due at once rather than when their lease runs out.
 */
export async function releaseForeignClaims(db: Db, liveOwners: string[]) {
  await db
    .update(webhookDeliveries)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        isNotNull(webhookDeliveries.leaseOwner),
        liveOwners.length
          ? sql`${webhookDeliveries.leaseOwner} not in (${sql.join(
              liveOwners.map((o) => sql`${o}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
}
