import type { AppContext } from '../../platform/context';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoint-rows';
import { currentSecret } from './secrets';

/** The endpoint with its current signing secret (admins). */
export async function getWebhookSecret(
  ctx: AppContext,
  { actor, projectId, webhookId }: { actor: Actor; projectId: string; webhookId: string },
) {
  const db = ctx.database.db;
  await projectAccess(db, { actor, projectId, action: 'webhooks.secret' });
  const endpoint = await findEndpoint(db, { projectId, webhookId });
  return { endpoint, secret: currentSecret(ctx.config, endpoint) };
}
