import { and, eq, isNull } from 'drizzle-orm';
import { invitations } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';

/** Withdraws an open invitation: its link stops working. */
export async function revokeInvitation(
  db: Db,
  {
    actor,
    projectId,
    invitationId,
    now,
  }: { actor: Actor; projectId: string; invitationId: string; now: Date },
) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'team.manage' });
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
    await recordAudit(tx, { actor, projectId, action: 'invitation.revoked', target: row.email, now });
  });
}
