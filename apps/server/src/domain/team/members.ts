import type { Role } from '@scanline/contracts';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { identityMfaFactors, identityUsers, memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { buildList, toPage } from '../listing/list-query';
import type { ListInput } from '../listing/page-in-sql';
import { memberListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { recordMemberEvent } from './member-event';

// Null when the built-in service does not know the member (another identity provider signs them in).
const memberHasMfa = sql<boolean | null>`case when ${identityUsers.uid} is null then null
  else exists (select 1 from ${identityMfaFactors} where ${identityMfaFactors.uid} = ${memberships.uid}) end`;

/** Members with their profile from the identity service (left join: any identity provider works). */
export async function listMembers(
  db: Db,
  actor: Actor,
  projectId: string,
  opts: Omit<ListInput, 'timeZone'> & { role?: Role; q?: string },
) {
  const { project } = await projectAccess(db, actor, projectId, 'team.read');
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

async function targetMembership(db: Db, projectId: string, uid: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, uid)))
    .limit(1);
  if (!row) throw notFound('Member');
  return row;
}

/** Admins and the owner change roles; the owner's role changes only by transfer. */
export async function changeMemberRole(
  db: Db,
  actor: Actor,
  projectId: string,
  uid: string,
  role: 'admin' | 'member',
  now: Date,
) {
  const changed = await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'team.manage');
    const target = await targetMembership(tx, projectId, uid);
    if (target.role === 'owner')
      throw new AppError('last_owner', 'The owner keeps their role; transfer ownership first.');
    const [row] = await tx
      .update(memberships)
      .set({ role, updatedAt: now })
      .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, uid)))
      .returning();
    await recordAudit(tx, actor, projectId, 'member.role_changed', uid, now, { from: target.role, to: role });
    return row!;
  });
  await projectAccessChanged(db, projectId);
  return changed;
}

/** Removes a member; anyone may remove themselves (leave), except the owner. */
export async function removeMember(db: Db, actor: Actor, projectId: string, uid: string, now: Date) {
  await db.transaction(async (tx) => {
    const self = actor.kind === 'user' && actor.uid === uid;
    await projectAccess(tx, actor, projectId, self ? 'project.read' : 'team.manage');
    const target = await targetMembership(tx, projectId, uid);
    if (target.role === 'owner') {
      throw new AppError('last_owner', 'The owner cannot leave or be removed; transfer ownership first.');
    }
    await tx.delete(memberships).where(and(eq(memberships.projectId, projectId), eq(memberships.uid, uid)));
    await recordAudit(tx, actor, projectId, self ? 'member.left' : 'member.removed', uid, now);
    await recordMemberEvent(tx, 'member.removed', target, now);
  });
  await projectAccessChanged(db, projectId);
}
