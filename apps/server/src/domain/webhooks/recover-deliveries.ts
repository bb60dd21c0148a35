import { and, eq, gte } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoint-rows';
import { wakeDispatcher } from './wake-dispatcher';

/** Queues again every failed delivery of the endpoint created since `since` (Svix's "recover"). */
export async function recoverDeliveries(
  ctx: AppContext,
  { actor, projectId, webhookId, since }: { actor: Actor; projectId: string; webhookId: string; since: Date },
) {
  const now = ctx.now();
  const count = await ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.manage' });
    await findEndpoint(tx, { projectId, webhookId });
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
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'webhook.recovered',
      target: webhookId,
      now,
      metadata: {
        since: since.toISOString(),
        requeued: rows.length,
      },
    });
    return rows.length;
  });
  await wakeDispatcher(ctx, { projectId, endpointId: webhookId, id: null });
  return count;
}
