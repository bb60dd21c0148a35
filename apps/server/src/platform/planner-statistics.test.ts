import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database } from './db';
import { analyzeGrownTables, tablesDueForAnalyze } from './planner-statistics';
import { rowsOf } from './sql-rows';

describe('planner statistics after bulk writes', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.execute(sql`create table bulk_rows (id int primary key, note text)`);
  });
  afterAll(() => drop());

  it('finds a table that grew since its statistics, analyzes it, then leaves it alone', async () => {
    const db = database.db;
    await db.execute(sql`insert into bulk_rows select g, repeat('x', 100) from generate_series(1, 20000) g`);
    expect(await tablesDueForAnalyze(db)).toContain('bulk_rows');

    const analyzed = await analyzeGrownTables(db);
    expect(analyzed).toContain('bulk_rows');
    const [stats] = await rowsOf<{ reltuples: number }>(
      db,
      sql`select reltuples from pg_class where relname = 'bulk_rows'`,
    );
    expect(Number(stats!.reltuples)).toBeGreaterThan(15_000);
    expect(await tablesDueForAnalyze(db)).not.toContain('bulk_rows');

    // Growth under the threshold is left to the next round; past it, the table is due again.
    await db.execute(
      sql`insert into bulk_rows select g, repeat('x', 100) from generate_series(20001, 20100) g`,
    );
    expect(await tablesDueForAnalyze(db)).not.toContain('bulk_rows');
    await db.execute(
      sql`insert into bulk_rows select g, repeat('x', 100) from generate_series(20101, 26000) g`,
    );
    expect(await tablesDueForAnalyze(db)).toContain('bulk_rows');
  });
});
