import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { BUS_CHANNELS } from '../../platform/bus';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { andAll, buildList, type ListSpec, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoints';
import { webhookBody } from './payload';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** What `GET …/webhooks/{wid}/deliveries` filters and sorts on (issue 8). */
export const deliveryListSpec: ListSpec = {
  columns: {
    created_at: { column: webhookDeliveries.createdAt, type: 'date', sortable: true },
    status: { column: webhookDeliveries.status, type: 'text', values: ['pending', 'succeeded', 'failed'] },
    event_type: { column: webhookDeliveries.eventType, type: 'text' },
    event_id: { column: webhookDeliveries.eventId, type: 'text' },
    response_status: { column: webhookDeliveries.responseStatus, type: 'numeric' },
    attempt_count: { column: webhookDeliveries.attemptCount, type: 'numeric', sortable: true },
  },
  id: webhookDeliveries.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const escapeLike = (v: string) => v.replace(/[%_\\]/g, (c) => `\\${c}`);

/**
 * Deliveries of one endpoint, filtered, sorted and paged in SQL. `body[contains]` (text in
 * the event's payload) is the one filter on the joined event rather than the delivery.
 */
export async function listDeliveries(
  db: Db,
  actor: Actor,
  projectId: string,
  webhookId: string,
  req: ListRequest,
) {
  const { project } = await projectAccess(db, actor, projectId, 'webhooks.read');
  await findEndpoint(db, projectId, webhookId);
  const bodyFilters = req.filters.filter((f) => f.field === 'body');
  const list = buildList(deliveryListSpec, {
    filters: req.filters.filter((f) => f.field !== 'body'),
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const extra: SQL[] = [];
  for (const f of bodyFilters) {
    if (f.mode !== 'contains' && f.mode !== 'notContains') {
      throw new AppError('validation_failed', 'The list query is not valid.', [
        { path: `query.body[${f.mode}]`, message: 'body takes contains or notContains.' },
      ]);
    }
    if (f.value.length > 200) {
      throw new AppError('validation_failed', 'The list query is not valid.', [
        { path: `query.body[${f.mode}]`, message: 'At most 200 characters.' },
      ]);
    }
    const match = sql`exists (select 1 from ${events} where ${events.id} = ${webhookDeliveries.eventId} and ${events.createdAt} = ${webhookDeliveries.eventCreatedAt} and ${events.projectId} = ${projectId} and ${events.data}::text ilike ${`%${escapeLike(f.value)}%`})`;
    extra.push(f.mode === 'contains' ? match : sql`not ${match}`);
  }
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      andAll([
        eq(webhookDeliveries.projectId, projectId),
        eq(webhookDeliveries.endpointId, webhookId),
        ...list.where,
        ...extra,
        req.startingAfter ? list.after(webhookDeliveries, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  return toPage(rows, req.limit, (r) => r.id);
}

/** Every delivery of one event (a transaction's detail lists those of its events). */
export async function listEventDeliveries(db: Db, actor: Actor, projectId: string, eventId: string) {
  await projectAccess(db, actor, projectId, 'webhooks.read');
  // An unknown event is a 404 like any unknown id in a path, not an empty list (issue 17 §1).
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.projectId, projectId), eq(events.id, eventId)))
    .limit(1);
  if (!event) throw notFound('Event');
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.eventId, eventId)))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    .limit(100);
}

/** Every delivery of the events about one object (txn_…, trm_…): newest first. */
export async function listObjectDeliveries(db: Db, actor: Actor, projectId: string, objectId: string) {
  await projectAccess(db, actor, projectId, 'webhooks.read');
  return db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(
      events,
      and(
        eq(events.id, webhookDeliveries.eventId),
        eq(events.createdAt, webhookDeliveries.eventCreatedAt),
        eq(events.projectId, projectId),
      ),
    )
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(events.objectId, objectId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(200)
    .then((rows) => rows.map((r) => r.delivery));
}

async function findDelivery(db: Db, projectId: string, webhookId: string | null, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      andAll([
        eq(webhookDeliveries.projectId, projectId),
        eq(webhookDeliveries.id, deliveryId),
        webhookId ? eq(webhookDeliveries.endpointId, webhookId) : undefined,
      ]),
    )
    .limit(1);
  if (!row) throw notFound('Delivery');
  return row;
}

export async function getDelivery(
  db: Db,
  actor: Actor,
  projectId: string,
  webhookId: string,
  deliveryId: string,
) {
  await projectAccess(db, actor, projectId, 'webhooks.read');
  const delivery = await findDelivery(db, projectId, webhookId, deliveryId);
  const [endpoint] = await db
    .select({ url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.projectId, projectId), eq(events.id, delivery.eventId)));
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.projectId, projectId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.startedAt), asc(webhookAttempts.id));
  return {
    delivery,
    webhookUrl: endpoint?.url ?? '',
    payload: event ? webhookBody(event) : {},
    attempts,
  };
}

/** Queues one delivery again at once, with the retry schedule started over. */
export async function resendDelivery(ctx: AppContext, actor: Actor, projectId: string, deliveryId: string) {
  const now = ctx.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.manage');
    const delivery = await findDelivery(tx, projectId, null, deliveryId);
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', scheduleStep: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.id, delivery.id)))
      .returning();
    await recordAudit(tx, actor, projectId, 'delivery.resent', deliveryId, now);
    return updated!;
  });
  await wake(ctx, row);
  return row;
}

/** Queues again every failed delivery of the endpoint created since `since` (Svix's "recover"). */
export async function recoverDeliveries(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  webhookId: string,
  since: Date,
) {
  const now = ctx.now();
  const count = await ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.manage');
    await findEndpoint(tx, projectId, webhookId);
    const rows = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', scheduleStep: 0, nextAttemptAt: now, updatedAt: now })
      .where(
        and(
          eq(webhookDeliveries.projectId, projectId),
          eq(webhookDeliveries.endpointId, webhookId),
          eq(webhookDeliveries.status, 'failed'),
          gte(webhookDeliveries.createdAt, since),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, actor, projectId, 'webhook.recovered', webhookId, now, {
      since: since.toISOString(),
      requeued: rows.length,
    });
    return rows.length;
  });
  await wake(ctx, { projectId, endpointId: webhookId, id: null });
  return count;
}

/** Sends `webhook.test` to this endpoint alone: an event never queued for fan-out, with its one delivery. */
export async function sendTestWebhook(ctx: AppContext, actor: Actor, projectId: string, webhookId: string) {
  const now = ctx.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.manage');
    const endpoint = await findEndpoint(tx, projectId, webhookId);
    const eventId = newId('evt');
    await tx.insert(events).values({
      id: eventId,
      projectId,
      type: 'webhook.test',
      objectId: endpoint.id,
      data: { message: 'A test event sent from Scanline.', webhook_id: endpoint.id },
      createdAt: now,
    });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        id: newId('dlv'),
        projectId,
        endpointId: endpoint.id,
        eventId,
        eventCreatedAt: now,
        eventType: 'webhook.test',
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return delivery!;
  });
  await wake(ctx, result);
  return result;
}

/** Tells every replica's dispatcher (and live screens) that a delivery is due. */
async function wake(ctx: AppContext, d: { projectId: string; endpointId: string; id: string | null }) {
  await ctx.database.bus
    .publish(BUS_CHANNELS.deliveries, { project_id: d.projectId, webhook_id: d.endpointId, id: d.id })
    .catch(() => {});
  await ctx.database.bus.publish(BUS_CHANNELS.events, { project_id: d.projectId }).catch(() => {});
}
