import { type ProjectEvent, WEBHOOK_EVENT_TYPES } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { events } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { andAll, buildList, type ListSpec, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { projectAccess } from '../projects/project-access';

/** What `GET …/events` filters and sorts on: type, object, time; newest first. */
export const eventListSpec: ListSpec = {
  columns: {
    created_at: { column: events.createdAt, type: 'date', sortable: true },
    type: { column: events.type, type: 'text', values: WEBHOOK_EVENT_TYPES },
    object_id: { column: events.objectId, type: 'text' },
  },
  id: events.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const presentEvent = (e: typeof events.$inferSelect): ProjectEvent => ({
  id: e.id,
  type: e.type,
  object_id: e.objectId,
  data: e.data,
  created_at: e.createdAt.toISOString(),
});

export async function listEvents(
  db: Db,
  { actor, projectId, req }: { actor: Actor; projectId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'events.read' });
  const list = buildList(eventListSpec, {
    filters: req.filters,
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const rows = await db
    .select()
    .from(events)
    .where(
      andAll([
        eq(events.projectId, projectId),
        ...list.where,
        req.startingAfter ? list.after(events, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const result = toPage(rows, req.limit, (r) => r.id);
  return { data: result.data.map(presentEvent), next_cursor: result.next_cursor };
}

export async function getEvent(
  db: Db,
  { actor, projectId, id }: { actor: Actor; projectId: string; id: string },
) {
  await projectAccess(db, { actor, projectId, action: 'events.read' });
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.projectId, projectId), eq(events.id, id)))
    .limit(1);
  if (!row) throw notFound('Event');
  return presentEvent(row);
}
