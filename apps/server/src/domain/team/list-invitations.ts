import { eq, gt, isNull } from 'drizzle-orm';
import { invitations } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { invitationListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';
import type { InvitationRow } from './invitation-rows';

/** Pending invitations, filtered, sorted and keyset-paged in SQL. */
export async function listInvitations(
  db: Db,
  {
    actor,
    projectId,
    now,
    list: input,
  }: { actor: Actor; projectId: string; now: Date; list: Omit<ListInput, 'timeZone'> },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'team.read' });
  return pageInSql<InvitationRow>(db, {
    table: invitations,
    spec: invitationListSpec,
    scope: [
      eq(invitations.projectId, projectId),
      isNull(invitations.respondedAt),
      gt(invitations.expiresAt, now),
    ],
    input: { ...input, timeZone: project.timeZone },
  });
}
