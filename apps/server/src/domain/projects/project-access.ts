import type { Role } from '@scanline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { memberships, projects } from '../../db/schema';
import { type Db, primaryOf } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { type Action, authorize } from '../policy';
import { type CachedAccess, projectAccessCacheOf } from './project-access-cache';

export type ProjectRow = typeof projects.$inferSelect;

// The read every project-scoped request makes first: prepared once per database handle (a
// transaction builds it as usual), so the hot path skips building and planning the query.
const prepare = (db: Db) => ({
  byKey: db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1)
    .prepare('project_access_by_key'),
  byMember: db
    .select({ project: projects, role: memberships.role })
    .from(projects)
    .innerJoin(
      memberships,
      and(eq(memberships.projectId, projects.id), eq(memberships.uid, sql.placeholder('uid'))),
    )
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1)
    .prepare('project_access_by_member'),
});
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function statementsFor(db: Db) {
  if ((db as object) instanceof PgTransaction) return prepare(db);
  let s = statements.get(db);
  if (!s) {
    s = prepare(db);
    statements.set(db, s);
  }
  return s;
}

export const mfaRequired = () =>
  new AppError(
    'mfa_required',
    'This project requires two-step verification: add an authenticator in Settings → Security, then sign in with it.',
  );

/**
 * The project as the actor may see it, after the policy check. Outsiders, other projects'
 * keys, and non-owners of a deleted project all get the same 404: nothing leaks.
 */
export async function projectAccess(
  db: Db,
  {
    actor,
    projectId,
    action,
    allowDeleted = false,
  }: { actor: Actor; projectId: string; action: Action; allowDeleted?: boolean },
): Promise<{ project: ProjectRow; role: Role | null }> {
  if (actor.kind === 'api_key') {
    if (actor.projectId !== projectId) throw notFound('Project');
    const { project } = await accessRow(db, action, projectId, null);
    if (!project || project.deletedAt) throw notFound('Project');
    authorize(actor, null, action);
    return { project, role: null };
  }
  const row = await accessRow(db, action, projectId, actor.uid);
  if (!row.project || !row.role) throw notFound('Project');
  if (row.project.deletedAt && !(allowDeleted && row.role === 'owner')) throw notFound('Project');
  if (row.project.requireMfa && !actor.secondFactor) throw mfaRequired();
  authorize(actor, row.role, action);
  return { project: row.project, role: row.role };
}

// Reads may use the per-process cache; anything that changes data, and every transaction,
// asks the database.
const cacheable = (db: Db, action: Action) =>
  action.endsWith('.read') && !((db as object) instanceof PgTransaction);

/**
 * The project and the member's role (null for a key), from the cache or the database — the
 * primary's, also for a read a replica serves (primaryOf): access is never behind.
 */
async function accessRow(
  replicaOrDb: Db,
  action: Action,
  projectId: string,
  uid: string | null,
): Promise<{ project: ProjectRow | undefined; role: Role | null }> {
  const db = primaryOf(replicaOrDb);
  const cache = cacheable(db, action) ? projectAccessCacheOf(db) : undefined;
  const key = uid === null ? projectId : `${projectId}\u0000${uid}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const generation = cache?.begin() ?? 0;
  let found: CachedAccess | undefined;
  if (uid === null) {
    const [project] = await statementsFor(db).byKey.execute({ projectId });
    if (project) found = { project, role: null };
  } else {
    const [row] = await statementsFor(db).byMember.execute({ projectId, uid });
    if (row) found = row;
  }
  if (!found) return { project: undefined, role: null };
  cache?.set(key, projectId, found, generation);
  return found;
}
