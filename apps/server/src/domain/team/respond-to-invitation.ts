import { and, eq, isNull } from 'drizzle-orm';
import { invitations, memberships } from '../../db/schema';
import { markEmailVerifiedIn } from '../../identity/users/update-user';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { findInvitation } from './find-invitation';
import { normalizeEmail } from './invitation-rows';
import { recordMemberEvent } from './member-event';

/**
 * Accepting needs the signed-in user's email to be the invited one, and verified — except
 * through the link's token: whoever opened the link sent to that address has
 * proved they hold it, so the account's address is marked verified as it joins.
 */
export async function respondToInvitation(
  { db, bus }: { db: Db; bus: Bus },
  {
    actor,
    token,
    response,
    now,
  }: {
    actor: Extract<Actor, { kind: 'user' }>;
    token: string;
    response: 'accepted' | 'declined';
    now: Date;
  },
) {
  const invitation = await db.transaction(async (tx) => {
    const { invitation } = await findInvitation(tx, { tokenOrId: token, now });
    if (!actor.email || normalizeEmail(actor.email) !== invitation.emailNormalized) {
      throw new AppError(
        'invitation_email_mismatch',
        `This invitation is for ${invitation.email}; sign in with that address.`,
      );
    }
    const provedByLink = !token.startsWith('inv_');
    if (response === 'accepted' && !actor.emailVerified && provedByLink)
      await markEmailVerifiedIn(tx, actor.uid, now);
    else if (response === 'accepted' && !actor.emailVerified) {
      throw new AppError(
        'email_not_verified',
        'Verify your email address first, then accept the invitation.',
      );
    }
    const [claimed] = await tx
      .update(invitations)
      .set({ respondedAt: now, response })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.respondedAt)))
      .returning();
    if (!claimed) throw notFound('Invitation');
    if (response === 'accepted') {
      const [existing] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.projectId, invitation.projectId), eq(memberships.uid, actor.uid)))
        .limit(1);
      if (existing) throw new AppError('already_member', 'You are already a member of this project.');
      const [added] = await tx
        .insert(memberships)
        .values({
          projectId: invitation.projectId,
          uid: actor.uid,
          email: actor.email,
          role: invitation.role,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordMemberEvent(tx, { type: 'member.added', membership: added!, now });
    }
    await recordAudit(tx, {
      actor,
      projectId: invitation.projectId,
      action: response === 'accepted' ? 'member.added' : 'invitation.declined',
      target: actor.uid,
      now,
      metadata: { role: invitation.role },
    });
    return invitation;
  });
  // Accepted through the link, the address is now verified: cached principals drop it.
  if (response === 'accepted' && !actor.emailVerified)
    await credentialChanged({ bus }, { kind: 'user', id: actor.uid });
  return invitation;
}
