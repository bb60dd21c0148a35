import type { Role } from '@scanline/contracts';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { identityMfaFactors, identityUsers, memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { buildList, toPage } from '../listing/list-query';
import type { ListInput } from '../listing/page-in-sql';
import { memberListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';

// Null when the built-in service does not know the member (another identity provider signs them in).
const memberHasMfa = sql<boolean | null>`case when ${identityUsers.uid} is null then null
  else exists (select 1 from ${identityMfaFactors} where ${identityMfaFactors.uid} = ${memberships.uid}) end`;

/** Members with their profile from the identity service (left join: any identity provider works). */
export async function listMembers(
  db: Db,
  {
    actor,
    projectId,
    list: opts,
  }: { actor: Actor; projectId: string; list: Omit<ListInput, 'timeZone'> & { role?: Role; q?: string } },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'team.read' });
  const built = buildList(memberListSpec, { ...opts, timeZone: project.timeZone });
  const inProject = eq(memberships.projectId, projectId);
  const filters: SQL[] = [inProject, ...built.where];
  // Keyset paging in SQL; a uid is unique only within its project, so the cursor lookup is scoped.
  if (opts.startingAfter) filters.push(built.after(memberships, opts.startingAfter, inProject));
  if (opts.role) filters.push(eq(memberships.role, opts.role));
  if (opts.q) {
    const like = `%${opts.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(memberships.email, like), ilike(identityUsers.displayName, like))!);
  }
  const rows = await db
    .select({
      membership: memberships,
      displayName: identityUsers.displayName,
      currentEmail: identityUsers.email,
      mfaEnabled: memberHasMfa,
    })
    .from(memberships)
    .leftJoin(identityUsers, eq(identityUsers.uid, memberships.uid))
    .where(and(...filters))
    .orderBy(...built.orderBy)
    .limit(opts.limit + 1);
  return toPage(rows, opts.limit, (r) => r.membership.uid);
}
