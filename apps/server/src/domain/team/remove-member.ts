import { and, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { recordMemberEvent } from './member-event';
import { findMembership } from './member-rows';

/** Removes a member; anyone may remove themselves (leave), except the owner. */
export async function removeMember(
  db: Db,
  { actor, projectId, uid, now }: { actor: Actor; projectId: string; uid: string; now: Date },
) {
  await db.transaction(async (tx) => {
    const self = actor.kind === 'user' && actor.uid === uid;
    await projectAccess(tx, { actor, projectId, action: self ? 'project.read' : 'team.manage' });
    const target = await findMembership(tx, { projectId, uid });
    if (target.role === 'owner') {
      throw new AppError('last_owner', 'The owner cannot leave or be removed; transfer ownership first.');
    }
    await tx.delete(memberships).where(and(eq(memberships.projectId, projectId), eq(memberships.uid, uid)));
    await recordAudit(tx, {
      actor,
      projectId,
      action: self ? 'member.left' : 'member.removed',
      target: uid,
      now,
    });
    await recordMemberEvent(tx, { type: 'member.removed', membership: target, now });
  });
  await projectAccessChanged(db, projectId);
}
