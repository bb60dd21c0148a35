import type { CreateWebhook } from '@scanline/contracts';
import { webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { checkEndpointUrl } from './check-endpoint-url';
import { newWebhookSecret, sealSecret } from './secrets';

/** Adds an endpoint to the project; its signing secret is returned this once with it. */
export async function createWebhook(
  ctx: AppContext,
  { actor, projectId, input }: { actor: Actor; projectId: string; input: CreateWebhook },
) {
  checkEndpointUrl(ctx, input.url);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.manage' });
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId('whk'),
        projectId,
        url: input.url,
        description: input.description || null,
        eventTypes: [...new Set(input.event_types ?? [])],
        enabled: input.enabled ?? true,
        secretEnc: sealSecret(ctx.config, secret),
        createdBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'webhook.created',
      target: row!.id,
      now,
      metadata: { url: input.url },
    });
    return { endpoint: row!, secret };
  });
}
