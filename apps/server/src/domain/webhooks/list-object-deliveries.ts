import { and, desc, eq } from 'drizzle-orm';
import { events, webhookDeliveries } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';

/** Every delivery of the events about one object (txn_…, trm_…): newest first. */
export async function listObjectDeliveries(
  db: Db,
  { actor, projectId, objectId }: { actor: Actor; projectId: string; objectId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'webhooks.read' });
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
