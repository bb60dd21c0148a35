import type { TableFilter, TableSort } from '@scanline/contracts';
import { eq, type SQL } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import { projectAccess } from '../projects/project-access';
import { terminalListSpec } from './terminal-list-spec';

/** The project's terminals, filtered, sorted and keyset-paged in SQL. */
export async function listTerminals(
  db: Db,
  {
    actor,
    projectId,
    query,
  }: {
    actor: Actor;
    projectId: string;
    query: { filters: TableFilter[]; sort: TableSort | null; limit: number; startingAfter?: string };
  },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'terminals.read' });
  const list = buildList(terminalListSpec, {
    filters: query.filters,
    sort: query.sort,
    timeZone: project.timeZone,
  });
  const where: (SQL | undefined)[] = [eq(terminals.projectId, projectId), ...list.where];
  if (query.startingAfter) where.push(list.after(terminals, query.startingAfter));
  const rows = await db
    .select()
    .from(terminals)
    .where(andAll(where))
    .orderBy(...list.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r) => r.id);
}
