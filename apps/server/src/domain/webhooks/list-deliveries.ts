import { eq, type SQL, sql } from 'drizzle-orm';
import { events, webhookDeliveries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { projectAccess } from '../projects/project-access';
import { deliveryListSpec } from './delivery-list-spec';
import { findEndpoint } from './endpoint-rows';

const escapeLike = (v: string) => v.replace(/[%_\\]/g, (c) => `\\${c}`);

/**
 * Deliveries of one endpoint, filtered, sorted and paged in SQL. `body[contains]` (text in
 * the event's payload) is the one filter on the joined event rather than the delivery.
 */
export async function listDeliveries(
  db: Db,
  {
    actor,
    projectId,
    webhookId,
    request: req,
  }: { actor: Actor; projectId: string; webhookId: string; request: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'webhooks.read' });
  await findEndpoint(db, { projectId, webhookId });
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
