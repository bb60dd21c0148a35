import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { andAll } from '../listing/list-query';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One delivery of the project (and of the endpoint, when one is named), or 404. */
export async function findDelivery(
  db: Db,
  { projectId, webhookId, deliveryId }: { projectId: string; webhookId: string | null; deliveryId: string },
): Promise<DeliveryRow> {
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
