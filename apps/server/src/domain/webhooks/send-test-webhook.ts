import { events, webhookDeliveries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoint-rows';
import { wakeDispatcher } from './wake-dispatcher';

/** Sends `webhook.test` to this endpoint alone: an event never queued for fan-out, with its one delivery. */
export async function sendTestWebhook(
  ctx: AppContext,
  { actor, projectId, webhookId }: { actor: Actor; projectId: string; webhookId: string },
) {
  const now = ctx.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.manage' });
    const endpoint = await findEndpoint(tx, { projectId, webhookId });
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
  await wakeDispatcher(ctx, result);
  return result;
}
