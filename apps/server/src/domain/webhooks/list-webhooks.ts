import { desc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';

/** The project's endpoints, newest first. */
export async function listWebhooks(db: Db, { actor, projectId }: { actor: Actor; projectId: string }) {
  await projectAccess(db, { actor, projectId, action: 'webhooks.read' });
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(500);
}
