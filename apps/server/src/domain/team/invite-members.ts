import { isEmailAddress, type RefusedInvitation } from '@scanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { invitations, memberships, type projects } from '../../db/schema';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { type IssuedInvitation, normalizeEmail } from './invitation-rows';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invites several addresses at once; re-inviting refreshes the link and its 7 days. Each
 * address stands alone: one that is not an email, or already a member, is refused
 * with its reason and the others are invited. With none left to invite, nothing is written.
 */
export async function inviteMembers(
  db: Db,
  {
    actor,
    projectId,
    emails,
    role,
    now,
  }: { actor: Actor; projectId: string; emails: string[]; role: 'admin' | 'member'; now: Date },
): Promise<{
  project: typeof projects.$inferSelect;
  issued: IssuedInvitation[];
  refused: RefusedInvitation[];
}> {
  return db.transaction(async (tx) => {
    const { project } = await projectAccess(tx, { actor, projectId, action: 'team.manage' });
    const all = [...new Map(emails.map((e) => [normalizeEmail(e), e.trim()])).entries()];
    const members = await tx
      .select({ email: memberships.email })
      .from(memberships)
      .where(eq(memberships.projectId, projectId));
    const memberEmails = new Set(members.map((m) => normalizeEmail(m.email ?? '')));
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
      await recordAudit(tx, {
        actor,
        projectId,
        action: pending ? 'invitation.refreshed' : 'invitation.created',
        target: email,
        now,
        metadata: { role },
      });
      issued.push({ invitation: invitation!, token });
    }
    return { project, issued, refused };
  });
}
