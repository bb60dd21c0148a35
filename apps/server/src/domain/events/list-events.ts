import {
  type PageQuery,
  type ProjectEvent,
  parseFilters,
  parseSort,
  WEBHOOK_EVENT_TYPES,
} from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { events } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { andAll, buildList, type ListSpec, toPage } from '../listing/list-query';
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
  actor: Actor,
  projectId: string,
  page: PageQuery & { sort?: string },
  rawQuery: string,
) {
  const { project } = await projectAccess(db, actor, projectId, 'events.read');
  const list = buildList(eventListSpec, {
    filters: parseFilters(new URLSearchParams(rawQuery)),
    sort: parseSort(page.sort),
    timeZone: project.timeZone,
  });
  const rows = await db
    .select()
    .from(events)
    .where(
      andAll([
        eq(events.projectId, projectId),
        ...list.where,
        page.starting_after ? list.after(events, page.starting_after) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(page.limit + 1);
  const result = toPage(rows, page.limit, (r) => r.id);
  return { data: result.data.map(presentEvent), next_cursor: result.next_cursor };
}

export async function getEvent(db: Db, actor: Actor, projectId: string, id: string) {
  await projectAccess(db, actor, projectId, 'events.read');
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.projectId, projectId), eq(events.id, id)))
    .limit(1);
  if (!row) throw notFound('Event');
  return presentEvent(row);
}
