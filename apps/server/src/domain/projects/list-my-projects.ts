import { and, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { memberships, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { buildList, toPage } from '../listing/list-query';
import type { ListInput } from '../listing/page-in-sql';
import { projectListSpec } from '../listing/workspace-list-specs';

/** `/me`'s project switcher: every project, newest first (500 as before). */
const MY_PROJECTS_ALL: ListInput = { filters: [], sort: null, limit: 500, timeZone: 'UTC' };

/**
 * The caller's projects with their role, filtered, sorted and keyset-paged in SQL;
 * deleted ones only for their owner (to restore). `q` is the older name search, kept.
 */
export async function listMyProjects(
  db: Db,
  {
    uid,
    list: opts = MY_PROJECTS_ALL,
  }: { uid: string; list?: ListInput & { q?: string; includeDeleted?: boolean } },
) {
  const built = buildList(projectListSpec, opts);
  const filters: SQL[] = [eq(memberships.uid, uid), ...built.where];
  if (opts.q) filters.push(ilike(projects.name, `%${opts.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  filters.push(
    opts.includeDeleted
      ? or(isNull(projects.deletedAt), eq(memberships.role, 'owner'))!
      : isNull(projects.deletedAt),
  );
  if (opts.startingAfter) filters.push(built.after(projects, opts.startingAfter));
  const rows = await db
    .select({ project: projects, role: memberships.role })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(and(...filters))
    .orderBy(...built.orderBy)
    .limit(opts.limit + 1);
  return toPage(rows, opts.limit, (r) => r.project.id);
}
