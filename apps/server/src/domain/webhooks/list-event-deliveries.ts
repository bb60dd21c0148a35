import { and, asc, eq } from 'drizzle-orm';
import { events, webhookDeliveries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';

/** Every delivery of one event (a transaction's detail lists those of its events). */
export async function listEventDeliveries(
  db: Db,
  { actor, projectId, eventId }: { actor: Actor; projectId: string; eventId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'webhooks.read' });
  // An unknown event is a 404 like any unknown id in a path, not an empty list.
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
