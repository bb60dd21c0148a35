import { WEBHOOK_SECRET_OVERLAP_SECONDS } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoint-rows';
import { newWebhookSecret, sealSecret } from './secrets';

/** A new secret; the old one keeps signing beside it for 24 hours (Standard Webhooks rotation). */
export async function rotateWebhookSecret(
  ctx: AppContext,
  { actor, projectId, webhookId }: { actor: Actor; projectId: string; webhookId: string },
) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.secret' });
    const endpoint = await findEndpoint(tx, { projectId, webhookId });
    const secret = newWebhookSecret();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretEnc: sealSecret(ctx.config, secret),
        previousSecretEnc: endpoint.secretEnc,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_SECONDS * 1000),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
      .returning();
    await recordAudit(tx, { actor, projectId, action: 'webhook.secret_rotated', target: webhookId, now });
    return { endpoint: row!, secret };
  });
}
