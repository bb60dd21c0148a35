import { and, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import { findUserById } from '../../identity/users/find-user';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { findInvitation } from './find-invitation';

/**
 * What an invitation is for, and who sent it (the sign-in screens name both).
 * Signed out, only by the link's token: the link is the proof of the mailbox, while an id
 * from a list proves nothing.
 */
export async function previewInvitation(db: Db, input: { tokenOrId: string; signedIn: boolean; now: Date }) {
  if (!input.signedIn && input.tokenOrId.startsWith('inv_')) throw notFound('Invitation');
  const { invitation, projectName } = await findInvitation(db, {
    tokenOrId: input.tokenOrId,
    now: input.now,
  });
  const inviter = await findUserById(db, invitation.invitedBy);
  const [membership] = inviter?.displayName
    ? []
    : await db
        .select({ email: memberships.email })
        .from(memberships)
        .where(
          and(eq(memberships.projectId, invitation.projectId), eq(memberships.uid, invitation.invitedBy)),
        )
        .limit(1);
  return {
    invitation,
    projectName,
    inviter: inviter?.displayName || inviter?.email || membership?.email || null,
  };
}
