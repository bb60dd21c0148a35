import { eq } from 'drizzle-orm';
import { invitations, projects } from '../../db/schema';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';

/**
 * An open invitation by its link token — or, for the invitee on their dashboard, by its id
 * (the email check on accept keeps that safe). Used, revoked and unknown ones look the same.
 */
export async function findInvitation(db: Db, { tokenOrId, now }: { tokenOrId: string; now: Date }) {
  const [row] = await db
    .select({ invitation: invitations, projectName: projects.name, projectDeletedAt: projects.deletedAt })
    .from(invitations)
    .innerJoin(projects, eq(projects.id, invitations.projectId))
    .where(
      tokenOrId.startsWith('inv_')
        ? eq(invitations.id, tokenOrId)
        : eq(invitations.tokenHash, hashToken(tokenOrId)),
    )
    .limit(1);
  if (!row || row.invitation.respondedAt || row.projectDeletedAt) throw notFound('Invitation');
  if (row.invitation.expiresAt <= now) {
    throw new AppError('invitation_expired', 'This invitation has expired; ask for a new one.');
  }
  return row;
}
