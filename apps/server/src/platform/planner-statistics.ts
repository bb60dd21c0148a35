import { sql } from 'drizzle-orm';
import type { Db } from './db';
import { rowsOf } from './sql-rows';

/**
 * Tables whose size moved by more than 10 % (and 8 pages) since their last statistics, as
 * autovacuum's analyze threshold would pick them. PGlite runs no autovacuum (NOTES.md), so a bulk
 * load left the planner with no statistics at all; PostgreSQL's autovacuum may simply lag behind.
 */
export async function tablesDueForAnalyze(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'
          and abs(pg_relation_size(c.oid) / 8192 - greatest(c.relpages, 0)) > 8 + 0.1 * greatest(c.relpages, 0)`,
  );
  return rows.map((r) => r.name);
}

/** ANALYZE each grown table, one statement each so other queries interleave on PGlite's one connection. */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const due = await tablesDueForAnalyze(db);
  for (const table of due) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return due;
}
