import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import type { BuiltList } from './list-query';

/** The most matches of a prefix filter read as ids before the page (see narrowByPrefix). */
export const PREFIX_NARROW_CAP = 5000;

export interface PrefixTarget {
  table: PgTable;
  id: PgColumn;
  scope: SQL;
  /** The sort field whose column the prefix's index carries (with the column itself). */
  carried?: { field: string; column: PgColumn };
}

/**
 * A list filtered by a prefix its index answers (`reference[startsWith]=ORDER-77`) but sorted
 * by another column (newest first). Read whole, the page's rows can only come from the heap, so
 * the planner's choice is between fetching every match (thousands of random heap reads) and
 * walking the sort's index, testing each row, until the page is full (~limit × rows / matches
 * heap reads). Neither is cheap in the middle: 34,000 heap rows for 51 when 33,000 of 10
 * million match. So the page's ids are found first, with a query that needs no heap:
 * - the index answers the page (only prefix filters, sorted by the carried column): the ids of
 *   the page, sorted and limited in SQL. The planner picks, from the expression's statistics,
 *   between an index-only scan of the prefix's index with a top-N sort (a sparse prefix) and
 *   an index-only newest-first walk of the rows that have the column (a denser one, where the
 *   walk is short: transactions_project_referenced_idx);
 * - otherwise (another filter, another sort): all the matches' ids when there are at most
 *   PREFIX_NARROW_CAP; past that the matches are dense and the planner's walk is short.
 * The page is then read by primary key (`id = any(…)`) with every filter, and sorted. Returns
 * that condition, or undefined to leave the list to the planner.
 */
export async function narrowByPrefix(
  db: Db,
  {
    list,
    target,
    page,
    cap = PREFIX_NARROW_CAP,
  }: { list: BuiltList; target: PrefixTarget; page: { limit: number; after?: SQL }; cap?: number },
): Promise<SQL | undefined> {
  if (list.indexedPrefixes.length === 0) return undefined;
  const carried = target.carried;
  const answered =
    carried !== undefined &&
    list.sort.field === carried.field &&
    list.where.length === list.indexedPrefixes.length;
  const rows = answered
    ? await rowsOf<{ id: string }>(
        db,
        sql`select ${target.id} as id from ${target.table}
            where ${and(target.scope, ...list.indexedPrefixes, page.after)}
            order by ${sql.join(list.orderBy, sql`, `)} limit ${page.limit + 1}`,
      )
    : await rowsOf<{ id: string }>(
        db,
        sql`select ${target.id} as id from ${target.table}
            where ${and(target.scope, ...list.indexedPrefixes)} limit ${cap + 1}`,
      );
  if (rows.length > cap) return undefined;
  // One array parameter (an array literal, each id quoted): the planner sees how many.
  const literal = `{${rows.map((r) => `"${r.id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${target.id} = any(${literal}::text[])`;
}
