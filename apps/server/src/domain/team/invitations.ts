import { isEmailAddress, type RefusedInvitation } from '@scanline/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { invitations, memberships, projects } from '../../db/schema';
import { hashToken } from '../../identity/tokens/hash-token';
import { findUserById } from '../../identity/users/find-user';
import { markEmailVerifiedIn } from '../../identity/users/update-user';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { invitationListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';
import { recordMemberEvent } from './member-event';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export type InvitationRow = typeof invitations.$inferSelect;
const normalize = (email: string) => email.trim().toLowerCase();

/** The invitations to send: each with the token for its link (only the hash is kept). */
export interface IssuedInvitation {
  invitation: InvitationRow;
  token: string;
}

/**
 * Invites several addresses at once; re-inviting refreshes the link and its 7 days. Each
 * address stands alone (issue 19): one that is not an email, or already a member, is refused
 * with its reason and the others are invited. With none left to invite, nothing is written.
 */
export async function inviteMembers(
  db: Db,
  actor: Actor,
  projectId: string,
  emails: string[],
  role: 'admin' | 'member',
  now: Date,
): Promise<{
  project: typeof projects.$inferSelect;
  issued: IssuedInvitation[];
  refused: RefusedInvitation[];
}> {
  return db.transaction(async (tx) => {
    const { project } = await projectAccess(tx, actor, projectId, 'team.manage');
    const all = [...new Map(emails.map((e) => [normalize(e), e.trim()])).entries()];
    const members = await tx
      .select({ email: memberships.email })
      .from(memberships)
      .where(eq(memberships.projectId, projectId));
    const memberEmails = new Set(members.map((m) => normalize(m.email ?? '')));
    const refused: RefusedInvitation[] = [];
    for (const [n, e] of all) {
      if (!isEmailAddress(e))
        refused.push({ email: e, code: 'invalid_email', message: 'Not an email address.' });
      else if (memberEmails.has(n))
        refused.push({ email: e, code: 'already_member', message: 'Already a member of this project.' });
    }
    const unique = all.filter(([, e]) => !refused.some((r) => r.email === e));
    if (unique.length === 0) {
      const onlyMembers = refused.every((r) => r.code === 'already_member');
      throw new AppError(
        onlyMembers ? 'already_member' : 'validation_failed',
        onlyMembers ? `Already a member: ${refused.map((r) => r.email).join(', ')}.` : 'No one to invite.',
        refused.map((r, i) => ({ path: `body.emails.${i}`, message: `${r.email}: ${r.message}` })),
      );
    }
    const issued: IssuedInvitation[] = [];
    for (const [normalized, email] of unique) {
      const token = randomBase62(40);
      const values = {
        role,
        tokenHash: hashToken(token),
        invitedBy: actor.kind === 'user' ? actor.uid : actor.keyId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      };
      const [pending] = await tx
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.projectId, projectId),
            eq(invitations.emailNormalized, normalized),
            isNull(invitations.respondedAt),
          ),
        )
        .limit(1);
      const [invitation] = pending
        ? await tx.update(invitations).set(values).where(eq(invitations.id, pending.id)).returning()
        : await tx
            .insert(invitations)
            .values({ id: newId('inv'), projectId, email, emailNormalized: normalized, ...values })
            .returning();
      await recordAudit(
        tx,
        actor,
        projectId,
        pending ? 'invitation.refreshed' : 'invitation.created',
        email,
        now,
        { role },
      );
      issued.push({ invitation: invitation!, token });
    }
    return { project, issued, refused };
  });
}

/** Pending invitations, filtered, sorted and keyset-paged in SQL (issue 9). */
export async function listInvitations(
  db: Db,
  actor: Actor,
  projectId: string,
  now: Date,
  input: Omit<ListInput, 'timeZone'>,
) {
  const { project } = await projectAccess(db, actor, projectId, 'team.read');
  return pageInSql<typeof invitations.$inferSelect>(
    db,
    invitations,
    invitationListSpec,
    [eq(invitations.projectId, projectId), isNull(invitations.respondedAt), gt(invitations.expiresAt, now)],
    { ...input, timeZone: project.timeZone },
  );
}

export async function revokeInvitation(
  db: Db,
  actor: Actor,
  projectId: string,
  invitationId: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'team.manage');
    const [row] = await tx
      .update(invitations)
      .set({ respondedAt: now, response: 'revoked' })
      .where(
        and(
          eq(invitations.id, invitationId),
          eq(invitations.projectId, projectId),
          isNull(invitations.respondedAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Invitation');
    await recordAudit(tx, actor, projectId, 'invitation.revoked', row.email, now);
  });
}

/** Resending issues a fresh link (the old one stops working) with a new 7 days. */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  projectId: string,
  invitationId: string,
  now: Date,
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
    await projectAccess(db, actor, projectId, 'team.manage');
    throw notFound('Invitation');
  }
  return inviteMembers(db, actor, projectId, [row.email], row.role, now);
}

/**
 * An open invitation by its link token — or, for the invitee on their dashboard, by its id
 * (the email check on accept keeps that safe). Used, revoked and unknown ones look the same.
 */
export async function findInvitation(db: Db, tokenOrId: string, now: Date) {
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

/**
 * What an invitation is for, and who sent it (issue 31 §14: the sign-in screens name both).
 * Signed out, only by the link's token: the link is the proof of the mailbox, while an id
 * from a list proves nothing.
 */
export async function previewInvitation(db: Db, input: { tokenOrId: string; signedIn: boolean; now: Date }) {
  if (!input.signedIn && input.tokenOrId.startsWith('inv_')) throw notFound('Invitation');
  const { invitation, projectName } = await findInvitation(db, input.tokenOrId, input.now);
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

/**
 * Accepting needs the signed-in user's email to be the invited one, and verified — except
 * through the link's token (issue 31 §14): whoever opened the link sent to that address has
 * proved they hold it, so the account's address is marked verified as it joins.
 */
export async function respondToInvitation(
  db: Db,
  actor: Extract<Actor, { kind: 'user' }>,
  token: string,
  response: 'accepted' | 'declined',
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { invitation } = await findInvitation(tx, token, now);
    if (!actor.email || normalize(actor.email) !== invitation.emailNormalized) {
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
      await recordMemberEvent(tx, 'member.added', added!, now);
    }
    await recordAudit(
      tx,
      actor,
      invitation.projectId,
      response === 'accepted' ? 'member.added' : 'invitation.declined',
      actor.uid,
      now,
      { role: invitation.role },
    );
    return invitation;
  });
}

/** Pending invitations addressed to the caller (for the dashboard). */
export function listInvitationsFor(db: Db, email: string, now: Date) {
  return db
    .select({ invitation: invitations, projectName: projects.name })
    .from(invitations)
    .innerJoin(projects, and(eq(projects.id, invitations.projectId), isNull(projects.deletedAt)))
    .where(
      and(
        eq(invitations.emailNormalized, normalize(email)),
        isNull(invitations.respondedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}
