import { and, eq, isNull } from 'drizzle-orm';
import { invitations } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';
import { inviteMembers } from './invite-members';

/** Resending issues a fresh link (the old one stops working) with a new 7 days. */
export async function resendInvitation(
  db: Db,
  {
    actor,
    projectId,
    invitationId,
    now,
  }: { actor: Actor; projectId: string; invitationId: string; now: Date },
) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.projectId, projectId),
        isNull(invitations.respondedAt),
      ),
    )
    .limit(1);
  if (!row) {
    await projectAccess(db, { actor, projectId, action: 'team.manage' });
    throw notFound('Invitation');
  }
  return inviteMembers(db, { actor, projectId, emails: [row.email], role: row.role, now });
}
