import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { invitations, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { normalizeEmail } from './invitation-rows';

/** Pending invitations addressed to the caller (for the dashboard). */
export function listInvitationsFor(db: Db, { email, now }: { email: string; now: Date }) {
  return db
    .select({ invitation: invitations, projectName: projects.name })
    .from(invitations)
    .innerJoin(projects, and(eq(projects.id, invitations.projectId), isNull(projects.deletedAt)))
    .where(
      and(
        eq(invitations.emailNormalized, normalizeEmail(email)),
        isNull(invitations.respondedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}
