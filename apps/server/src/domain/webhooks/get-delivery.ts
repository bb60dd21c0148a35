import { and, asc, eq } from 'drizzle-orm';
import { events, webhookAttempts, webhookEndpoints } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';
import { findDelivery } from './delivery-rows';
import { webhookBody } from './payload';

/** One delivery of an endpoint with its URL, the payload sent and every attempt. */
export async function getDelivery(
  db: Db,
  {
    actor,
    projectId,
    webhookId,
    deliveryId,
  }: { actor: Actor; projectId: string; webhookId: string; deliveryId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'webhooks.read' });
  const delivery = await findDelivery(db, { projectId, webhookId, deliveryId });
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
