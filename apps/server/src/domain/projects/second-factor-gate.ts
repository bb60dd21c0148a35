import { and, eq, sql } from 'drizzle-orm';
import { memberships, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { mfaRequired } from './project-access';

// Most projects do not require a second factor: remembering that for a few seconds keeps the
// early check off the hot path. projectAccess stays the authority, so a project that turned
// the requirement on a moment ago is still refused there.
const FLAG_TTL_MS = 5_000;
const flags = new Map<string, { requireMfa: boolean; at: number }>();

const prepare = (db: Db) =>
  db
    .select({ requireMfa: projects.requireMfa, member: sql<boolean>`${memberships.uid} is not null` })
    .from(projects)
    .leftJoin(
      memberships,
      and(eq(memberships.projectId, projects.id), eq(memberships.uid, sql.placeholder('uid'))),
    )
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1)
    .prepare('second_factor_gate');
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

/**
 * Refuses a member whose session did not pass a second factor on a project that requires it,
 * before the request's body is read: every project route answers 403
 * `mfa_required` alike, whatever else is wrong with the request. Outsiders are left to the
 * route's own 404, so nothing leaks about a project they cannot see.
 */
export async function checkSecondFactorGate(
  db: Db,
  {
    caller,
    projectId,
    nowMs,
  }: { caller: { uid: string; secondFactor: boolean }; projectId: string; nowMs: number },
) {
  if (caller.secondFactor) return;
  const known = flags.get(projectId);
  if (known && nowMs - known.at < FLAG_TTL_MS && !known.requireMfa) return;
  let statement = statements.get(db);
  if (!statement) {
    statement = prepare(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ projectId, uid: caller.uid });
  if (!row) return;
  flags.set(projectId, { requireMfa: row.requireMfa, at: nowMs });
  if (row.requireMfa && row.member) throw mfaRequired();
}

/** After this process changed the flag: its own next request sees it at once. */
export function forgetSecondFactorFlag(projectId: string) {
  flags.delete(projectId);
}
