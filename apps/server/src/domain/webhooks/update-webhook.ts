import type { UpdateWebhook } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { checkEndpointUrl } from './check-endpoint-url';
import { findEndpoint } from './endpoint-rows';

/** Edits, enables or disables an endpoint: the fields sent change, the others keep their value. */
export async function updateWebhook(
  ctx: AppContext,
  {
    actor,
    projectId,
    webhookId,
    input,
  }: { actor: Actor; projectId: string; webhookId: string; input: UpdateWebhook },
) {
  if (input.url !== undefined) checkEndpointUrl(ctx, input.url);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'webhooks.manage' });
    const before = await findEndpoint(tx, { projectId, webhookId });
    const enabling = input.enabled === true && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.event_types !== undefined ? { eventTypes: [...new Set(input.event_types)] } : {}),
        ...(input.enabled !== undefined
          ? {
              enabled: input.enabled,
              disabledAt: input.enabled ? null : now,
              disabledReason: null,
            }
          : {}),
        // Enabling again starts the 5-day clock over.
        ...(enabling ? { failingSince: null } : {}),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'webhook.updated',
      target: webhookId,
      now,
      metadata: {
        fields: Object.keys(input),
      },
    });
    return row!;
  });
}
