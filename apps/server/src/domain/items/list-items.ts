import { eq, type SQL } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { projectAccess } from '../projects/project-access';
import { itemListSpec } from './item-list-spec';

/** The project's items, filtered, sorted and keyset-paged in SQL. */
export async function listItems(
  db: Db,
  { actor, projectId, query }: { actor: Actor; projectId: string; query: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'items.read' });
  const list = buildList(itemListSpec, {
    filters: query.filters,
    sort: query.sort,
    timeZone: project.timeZone,
  });
  const where: (SQL | undefined)[] = [eq(items.projectId, projectId), ...list.where];
  if (query.startingAfter) where.push(list.after(items, query.startingAfter));
  const rows = await db
    .select()
    .from(items)
    .where(andAll(where))
    .orderBy(...list.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r) => r.id);
}
