import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';
import { findEndpoint } from './endpoint-rows';

/** One endpoint of the project, or 404. */
export async function getWebhook(
  db: Db,
  { actor, projectId, webhookId }: { actor: Actor; projectId: string; webhookId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'webhooks.read' });
  return findEndpoint(db, { projectId, webhookId });
}
