import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import type { BuiltList } from './list-query';

/** The most matches of a prefix filter read as ids before the page (see narrowByPrefix). */
export const PREFIX_NARROW_CAP = 5000;

/**
 * A list filtered by a prefix its index answers (`reference[startsWith]=ORDER-77`) but sorted
 * by another column (newest first): the planner, counting on the matches being spread evenly,
 * prefers walking the sort's index and testing every row, which reads thousands of rows for a
 * prefix that matches a few thousand in millions. So the matches are read first from the
 * prefix's index (at most PREFIX_NARROW_CAP + 1 ids); when that is all of them, the page is read
 * by those ids (`id = any(…)`, a primary-key lookup each, then a top-N sort). A prefix matching
 * more rows (a short one) is left to the planner: its matches are dense, so the walk is short.
 * Returns the extra condition, or undefined.
 */
export async function narrowByPrefix(
  db: Db,
  list: BuiltList,
  target: { table: PgTable; id: PgColumn; scope: SQL },
): Promise<SQL | undefined> {
  if (list.indexedPrefixes.length === 0) return undefined;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ${target.id} as id from ${target.table} where ${and(target.scope, ...list.indexedPrefixes)}
        limit ${PREFIX_NARROW_CAP + 1}`,
  );
  if (rows.length > PREFIX_NARROW_CAP) return undefined;
  // One array parameter (an array literal, each id quoted): the planner sees how many.
  const literal = `{${rows.map((r) => `"${r.id.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${target.id} = any(${literal}::text[])`;
}
