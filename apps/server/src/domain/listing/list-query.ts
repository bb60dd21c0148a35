import {
  TABLE_MATCH_MODES,
  type TableColumnType,
  type TableFilter,
  type TableSort,
} from '@scanline/contracts';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors';
import { foldedC } from '../search/prefix-pattern';

/**
 * A list endpoint's columns as the table-query format (`field[mode]=value`, `sort=-field`)
 * may name them. Filtering, sorting and keyset paging all happen in SQL: no OFFSET, nothing
 * filtered after the fact.
 */
export interface ListColumn {
  /** A column, or an expression over the list's columns (e.g. `coalesce(email, '')`). */
  column: AnyColumn | SQL;
  type: TableColumnType;
  /** Only non-null columns may sort: keyset comparison with NULLs would skip rows. */
  sortable?: boolean;
  /** Enumerations (status, outcome): text modes compare exactly, never by pattern. */
  values?: readonly string[];
  /**
   * The column has a `(project_id, lower(column) collate "C" …)` index (the search indexes;
   * `'partial'` when it holds only non-null values): `startsWith` then compares that form with
   * LIKE, which under the C collation is an index range, instead of an ILIKE over every row.
   * Case-insensitive as ILIKE is.
   */
  prefixIndex?: 'full' | 'partial';
}

export interface ListSpec {
  columns: Record<string, ListColumn>;
  /** The tie-breaker and cursor column (the row id). */
  id: AnyColumn;
  /** The sort when none is asked for: newest first. */
  defaultSort: TableSort;
}

const invalid = (path: string, message: string) =>
  new AppError('validation_failed', 'The list query is not valid.', [{ path, message }]);

const escapeLike = (v: string) => v.replace(/[%_\\]/g, (c) => `\\${c}`);

/** `yyyy-mm-dd` in `timeZone` as the instant its day starts (index-friendly: a constant). */
const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** A real calendar day (V8 rolls 2026-02-30 over to March; PostgreSQL would refuse it). */
function isCalendarDay(value: string) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  return (
    day !== null &&
    !Number.isNaN(day.getTime()) &&
    day.toISOString().slice(0, 10) === value &&
    value >= '0001'
  );
}

function filterSql(name: string, spec: ListColumn, f: TableFilter, timeZone: string): SQL {
  const path = `query.${name}[${f.mode}]`;
  if (!(TABLE_MATCH_MODES[spec.type] as readonly string[]).includes(f.mode)) {
    throw invalid(path, `"${f.mode}" does not apply to ${spec.type} column ${name}.`);
  }
  const col = spec.column;
  if (spec.type === 'numeric') {
    if (!/^-?\d{1,15}$/.test(f.value)) throw invalid(path, 'Expected a whole number.');
    const v = Number(f.value);
    const ops = { equals: '=', notEquals: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
    return sql`${col} ${sql.raw(ops[f.mode as keyof typeof ops])} ${v}`;
  }
  if (spec.type === 'date') {
    if (f.mode === 'dateBetween') {
      const [from, to, ...rest] = f.value.split(',');
      if (!from || !to || rest.length > 0 || !isCalendarDay(from) || !isCalendarDay(to))
        throw invalid(path, 'Expected two dates as yyyy-mm-dd,yyyy-mm-dd.');
      if (from > to) throw invalid(path, 'The first date is after the second.');
      return sql`(${col} >= ${dayStart(from, timeZone)} and ${col} < ${dayStart(to, timeZone, 1)})`;
    }
    if (!isCalendarDay(f.value)) throw invalid(path, 'Expected a date as yyyy-mm-dd.');
    const start = dayStart(f.value, timeZone);
    const end = dayStart(f.value, timeZone, 1);
    switch (f.mode) {
      case 'dateIs':
        return sql`(${col} >= ${start} and ${col} < ${end})`;
      case 'dateIsNot':
        return sql`(${col} < ${start} or ${col} >= ${end})`;
      case 'dateBefore':
        return sql`${col} < ${start}`;
      default:
        return sql`${col} >= ${end}`;
    }
  }
  if (f.value.length > 200) throw invalid(path, 'At most 200 characters.');
  if (spec.values) {
    if (f.mode !== 'equals' && f.mode !== 'notEquals') {
      throw invalid(path, `${name} takes equals or notEquals.`);
    }
    // `status[equals]=succeeded,refunded` picks several values.
    const wanted = f.value.split(',');
    for (const w of wanted) {
      if (!spec.values.includes(w)) throw invalid(path, `One of: ${spec.values.join(', ')}.`);
    }
    const list = sql.join(
      wanted.map((w) => sql`${w}`),
      sql`, `,
    );
    return f.mode === 'equals' ? sql`${col} in (${list})` : sql`${col} not in (${list})`;
  }
  const v = escapeLike(f.value);
  if (f.mode === 'startsWith' && spec.prefixIndex) {
    const like = sql`${foldedC(col)} like lower(${`${v}%`})`;
    // A partial index's condition: the planner cannot infer it from the LIKE.
    return spec.prefixIndex === 'partial' ? sql`(${col} is not null and ${like})` : like;
  }
  switch (f.mode) {
    case 'startsWith':
      return sql`${col} ilike ${`${v}%`}`;
    case 'contains':
      return sql`${col} ilike ${`%${v}%`}`;
    case 'notContains':
      return sql`coalesce(${col}, '') not ilike ${`%${v}%`}`;
    case 'endsWith':
      return sql`${col} ilike ${`%${v}`}`;
    case 'equals':
      return sql`${col} = ${f.value}`;
    default:
      return sql`${col} is distinct from ${f.value}`;
  }
}

export interface BuiltList {
  where: SQL[];
  /** The filters that an index range answers (`startsWith` on a `prefixIndex` column). */
  indexedPrefixes: SQL[];
  orderBy: SQL[];
  sort: TableSort;
  /**
   * The keyset condition "after the row with this id". The cursor row's sort value is read in
   * SQL, not round-tripped through JavaScript (a Date would lose PostgreSQL's microseconds).
   */
  after(table: PgTable, cursorId: string, scope?: SQL): SQL;
}

/** Turns parsed table-query filters and sort into SQL for `spec`'s table. */
export function buildList(
  spec: ListSpec,
  input: { filters: TableFilter[]; sort: TableSort | null; timeZone: string },
): BuiltList {
  const where: SQL[] = [];
  const indexedPrefixes: SQL[] = [];
  for (const f of input.filters) {
    const column = spec.columns[f.field];
    if (!column) {
      const name = `${f.field}[${f.mode}]`;
      throw new AppError('unknown_parameter', `Unknown query parameter: ${name}.`, [
        {
          path: `query.${name}`,
          code: 'unknown_parameter',
          message: `Cannot filter by ${f.field}. Filterable: ${Object.keys(spec.columns).join(', ')}.`,
        },
      ]);
    }
    const cond = filterSql(f.field, column, f, input.timeZone);
    where.push(cond);
    if (f.mode === 'startsWith' && column.prefixIndex) indexedPrefixes.push(cond);
  }
  const sort = input.sort ?? spec.defaultSort;
  const sortSpec = spec.columns[sort.field];
  if (!sortSpec?.sortable) {
    const sortable = Object.entries(spec.columns)
      .filter(([, c]) => c.sortable)
      .map(([n]) => n);
    throw invalid('query.sort', `Cannot sort by ${sort.field}. Sortable: ${sortable.join(', ')}.`);
  }
  const dir = sql.raw(sort.direction === 'asc' ? 'asc' : 'desc');
  const cmp = sql.raw(sort.direction === 'asc' ? '>' : '<');
  return {
    where,
    indexedPrefixes,
    sort,
    orderBy: [sql`${sortSpec.column} ${dir}`, sql`${spec.id} ${dir}`],
    // `scope` narrows the cursor lookup when the id is unique only within a project (members).
    after: (table, cursorId, scope) =>
      sql`(${sortSpec.column}, ${spec.id}) ${cmp} (select ${sortSpec.column}, ${spec.id} from ${table} where ${spec.id} = ${cursorId}${scope ? sql` and ${scope}` : sql``})`,
  };
}

/** Splits `limit + 1` fetched rows into a page and its next cursor (Stripe's `starting_after`). */
export function toPage<T>(rows: T[], limit: number, idOf: (row: T) => string) {
  const data = rows.slice(0, limit);
  return { data, next_cursor: rows.length > limit && data.length ? idOf(data[data.length - 1]!) : null };
}

export const andAll = (conds: (SQL | undefined)[]) => and(...conds.filter(Boolean)) ?? eq(sql`1`, 1);
