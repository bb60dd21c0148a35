import { and, eq, ne } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from './project-access';
import { projectAccessChanged } from './project-access-cache';

/** The owner hands the project to one of its admins and becomes an admin. */
export async function transferProject(
  db: Db,
  { actor, projectId, toUid, now }: { actor: Actor; projectId: string; toUid: string; now: Date },
) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'project.transfer' });
    if (actor.kind !== 'user') throw new AppError('forbidden', 'Only the owner can transfer a project.');
    const [target] = await tx
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.projectId, projectId), eq(memberships.uid, toUid), ne(memberships.uid, actor.uid)),
      )
      .limit(1);
    if (target?.role !== 'admin') {
      throw new AppError('validation_failed', 'Ownership can go only to an admin of this project.', [
        { path: 'body.to_user_id', message: 'Not an admin of this project' },
      ]);
    }
    await tx
      .update(memberships)
      .set({ role: 'admin', updatedAt: now })
      .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, actor.uid)));
    await tx
      .update(memberships)
      .set({ role: 'owner', updatedAt: now })
      .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, toUid)));
    await recordAudit(tx, { actor, projectId, action: 'project.transferred', target: toUid, now });
  });
  await projectAccessChanged(db, projectId);
}
