import type { TableFilter, TableSort } from '@scanline/contracts';
import { and, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { buildList, type ListSpec, toPage } from './list-query';

export interface ListInput {
  filters: TableFilter[];
  sort: TableSort | null;
  limit: number;
  startingAfter?: string;
  timeZone: string;
}

/** A list request as a caller makes it; the time zone for date filters is the domain's to decide. */
export type ListRequest = Omit<ListInput, 'timeZone'>;

/**
 * One page of a list, filtered, sorted and keyset-paged in SQL: `scope` is the
 * tenancy condition (project or owner), always applied.
 */
export async function pageInSql<Row extends { id: string }>(
  db: Db,
  { table, spec, scope, input }: { table: PgTable; spec: ListSpec; scope: SQL[]; input: ListInput },
) {
  const built = buildList(spec, input);
  const where = [...scope, ...built.where];
  if (input.startingAfter) where.push(built.after(table, input.startingAfter));
  const rows = (await db
    .select()
    .from(table)
    .where(and(...where))
    .orderBy(...built.orderBy)
    .limit(input.limit + 1)) as Row[];
  return toPage(rows, input.limit, (r) => r.id);
}
