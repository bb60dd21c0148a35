import { and, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { findMembership } from './member-rows';

/** Admins and the owner change roles; the owner's role changes only by transfer. */
export async function changeMemberRole(
  db: Db,
  {
    actor,
    projectId,
    uid,
    role,
    now,
  }: { actor: Actor; projectId: string; uid: string; role: 'admin' | 'member'; now: Date },
) {
  const changed = await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'team.manage' });
    const target = await findMembership(tx, { projectId, uid });
    if (target.role === 'owner')
      throw new AppError('last_owner', 'The owner keeps their role; transfer ownership first.');
    const [row] = await tx
      .update(memberships)
      .set({ role, updatedAt: now })
      .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, uid)))
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'member.role_changed',
      target: uid,
      now,
      metadata: { from: target.role, to: role },
    });
    return row!;
  });
  await projectAccessChanged(db, projectId);
  return changed;
}
