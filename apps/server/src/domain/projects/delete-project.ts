import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from './project-access';
import { projectAccessChanged } from './project-access-cache';

/** Soft delete: hidden at once, restorable by the owner for 30 days, then purged. */
export async function deleteProject(
  db: Db,
  { actor, projectId, now }: { actor: Actor; projectId: string; now: Date },
) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'project.delete' });
    await tx.update(projects).set({ deletedAt: now, updatedAt: now }).where(eq(projects.id, projectId));
    await recordAudit(tx, { actor, projectId, action: 'project.deleted', target: projectId, now });
  });
  await projectAccessChanged(db, projectId);
}
