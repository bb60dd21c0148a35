import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from './project-access';
import { projectAccessChanged } from './project-access-cache';
import { RESTORE_WINDOW_MS } from './restore-window';

/** Brings back a project deleted less than 30 days ago (its owner). */
export async function restoreProject(
  db: Db,
  { actor, projectId, now }: { actor: Actor; projectId: string; now: Date },
) {
  const restored = await db.transaction(async (tx) => {
    const { project, role } = await projectAccess(tx, {
      actor,
      projectId,
      action: 'project.delete',
      allowDeleted: true,
    });
    if (!project.deletedAt) throw new AppError('conflict', 'This project is not deleted.');
    if (now.getTime() - project.deletedAt.getTime() > RESTORE_WINDOW_MS) throw notFound('Project');
    const [restored] = await tx
      .update(projects)
      .set({ deletedAt: null, updatedAt: now })
      .where(eq(projects.id, projectId))
      .returning();
    await recordAudit(tx, { actor, projectId, action: 'project.restored', target: projectId, now });
    return { project: restored!, role };
  });
  await projectAccessChanged(db, projectId);
  return restored;
}
