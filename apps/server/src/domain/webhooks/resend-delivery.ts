import { and, eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { findDelivery } from './delivery-rows';
import { wakeDispatcher } from './wake-dispatcher';

/** Queues one delivery again at once, with the retry schedule started over. */
export async function resendDelivery(
  ctx: AppContext,
  { actor, projectId, deliveryId }: { actor: Actor; projectId: string; deliveryId: string },
) {
  const now = ctx.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.manage' });
    const delivery = await findDelivery(tx, { projectId, webhookId: null, deliveryId });
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', scheduleStep: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.id, delivery.id)))
      .returning();
    await recordAudit(tx, { actor, projectId, action: 'delivery.resent', target: deliveryId, now });
    return updated!;
  });
  await wakeDispatcher(ctx, row);
  return row;
}
