import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import type { BuiltList } from './list-query';

/**
 * How many matches of a prefix are read from its index before the planner is left to it:
 * `cap` when the page needs more than the index holds (another filter, another sort), `scan`
 * when the index answers the page alone (the prefix is the only filter and the sort is the
 * column the index carries). See narrowByPrefix.
 */
export const PREFIX_BOUNDS = { cap: 5_000, scan: 50_000 };

export interface PrefixTarget {
  table: PgTable;
  id: PgColumn;
  scope: SQL;
  /** The sort field whose column the prefix index carries after the id (index-only reads). */
  carried?: { field: string; column: PgColumn };
}

/**
 * A list filtered by a prefix its index answers (`reference[startsWith]=ORDER-77`) but sorted
 * by another column (newest first): the planner, counting on the matches being spread evenly,
 * prefers walking the sort's index and testing every row, which reads ~limit × rows / matches
 * rows — 34,000 heap rows for 51 when 15,000 of 10 million match. So the matches are read
 * first, from the prefix's index alone (a materialised CTE, so the planner cannot fold it back
 * into the walk):
 * - when the index answers the page (only prefix filters, sorted by the carried column), up to
 *   `scan` matches after the cursor are read index-only and the page's `limit + 1` ids taken
 *   from them by a top-N sort: ~0.2 µs an entry, against ~3 µs a heap row for the walk;
 * - otherwise, when there are at most `cap` matches, all their ids: the page is then read by
 *   primary key (`id = any(…)`) with every filter, and sorted.
 * Past those bounds the matches are dense and the walk is short (50,000 of 10 million: ~10,000
 * rows), so the planner keeps it. Returns the extra condition, or undefined.
 */
export async function narrowByPrefix(
  db: Db,
  list: BuiltList,
  target: PrefixTarget,
  page: { limit: number; after?: SQL },
  bounds = PREFIX_BOUNDS,
): Promise<SQL | undefined> {
  if (list.indexedPrefixes.length === 0) return undefined;
  const carried = target.carried;
  const answered =
    carried !== undefined &&
    list.sort.field === carried.field &&
    list.where.length === list.indexedPrefixes.length;
  const dir = sql.raw(list.sort.direction === 'asc' ? 'asc' : 'desc');
  const bound = answered ? bounds.scan : bounds.cap;
  const rows = await rowsOf<{ id: string; n: number }>(
    db,
    sql`with m as materialized (
          select ${target.id} as id, ${answered ? carried.column : target.id} as k from ${target.table}
          where ${and(target.scope, ...list.indexedPrefixes, answered ? page.after : undefined)}
          limit ${bound + 1})
        select id, (select count(*) from m)::int as n from m order by k ${dir}, id ${dir}
        limit ${answered ? page.limit + 1 : bounds.cap + 1}`,
  );
  if (rows.length > 0 && rows[0]!.n > bound) return undefined;
  // One array parameter (an array literal, each id quoted): the planner sees how many.
  const literal = `{${rows.map((r) => `"${r.id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${target.id} = any(${literal}::text[])`;
}
