import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoint-rows';

/** Deletes an endpoint; its deliveries and attempts go with it. */
export async function deleteWebhook(
  db: Db,
  { actor, projectId, webhookId, now }: { actor: Actor; projectId: string; webhookId: string; now: Date },
) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.manage' });
    await findEndpoint(tx, { projectId, webhookId });
    // Its deliveries and attempts go with it (foreign keys cascade).
    await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)));
    await recordAudit(tx, { actor, projectId, action: 'webhook.deleted', target: webhookId, now });
  });
}
