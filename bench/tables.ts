// `npm run bench tables [-- --rows 1000000]`: the transactions table and the dashboard at scale
//, on PGlite and, when DATABASE_URL is set, on PostgreSQL. Every figure is a ratio
// against page 1 measured in the same run, on the same data.
import type { TableFilter, TableSort } from '@scanline/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { transactions } from '../apps/server/src/db/schema';
import { getDashboard } from '../apps/server/src/domain/dashboard/get-dashboard';
import { seedDemo } from '../apps/server/src/domain/demo/seed-demo';
import { prepareExport } from '../apps/server/src/domain/exports/export-list';
import { buildList } from '../apps/server/src/domain/listing/list-query';
import { transactionListSpec } from '../apps/server/src/domain/transactions/transaction-list-spec';
import type { Database, Db } from '../apps/server/src/platform/db';
import { analyzeGrownTables } from '../apps/server/src/platform/planner-statistics';
import { rowsOf } from '../apps/server/src/platform/sql-rows';
import { openTestDatabase } from '../apps/server/src/test/test-database';
import { intArg } from './args';
import { latency, report } from './measure';

const PAGE = 50;
const DEPTH = 2000;
const TZ = 'America/New_York';

/** Median wall time of `fn` over `runs` runs (after two warm-ups). */
const timed = async (fn: () => Promise<unknown>, runs = 25) => (await latency(fn, { runs, warmups: 2 })).p50;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function benchOne(kind: string, database: Database, rows: number) {
  const db: Db = database.db;
  await db.execute(sql`insert into businesses (id, owner_uid, name, country, default_currency)
    values ('biz_bench', 'bench', 'Bench', 'US', 'USD')`);
  await db.execute(sql`insert into projects (id, business_id, name, time_zone, currency, created_by)
    values ('prj_bench', 'biz_bench', 'Bench', ${TZ}, 'USD', 'bench')`);
  const seedStart = performance.now();
  await seedDemo(db, 'prj_bench', {
    terminals: 20,
    days: 90,
    transactions: rows,
    now: new Date(),
    createdBy: 'bench',
  });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // No ANALYZE here: straight after `demo seed` is what a user sees (the seed refreshes the
  // planner's statistics itself).

  const page = async (filters: TableFilter[], sort: TableSort | null, cursor?: string) => {
    const built = buildList(transactionListSpec, { filters, sort, timeZone: TZ });
    const where: SQL[] = [eq(transactions.projectId, 'prj_bench'), ...built.where];
    if (cursor) where.push(built.after(transactions, cursor));
    return db
      .select()
      .from(transactions)
      .where(and(...where))
      .orderBy(...built.orderBy)
      .limit(PAGE + 1);
  };
  const explain = async (label: string, filters: TableFilter[], sort: TableSort | null, cursor?: string) => {
    const built = buildList(transactionListSpec, { filters, sort, timeZone: TZ });
    const where: SQL[] = [eq(transactions.projectId, 'prj_bench'), ...built.where];
    if (cursor) where.push(built.after(transactions, cursor));
    const q = db
      .select()
      .from(transactions)
      .where(and(...where))
      .orderBy(...built.orderBy)
      .limit(PAGE + 1)
      .toSQL();
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      db,
      sql.raw(`explain (costs off) ${interpolate(q.sql, q.params)}`),
    );
    return { label, plan: plan.map((p) => p['QUERY PLAN']) };
  };

  const [deep] = await rowsOf<{ id: string }>(
    db,
    sql`select id from transactions where project_id = 'prj_bench' order by created_at desc, id desc
        offset ${DEPTH * PAGE - 1} limit 1`,
  );
  const filtered: TableFilter[] = [
    { field: 'status', mode: 'equals', value: 'succeeded' },
    { field: 'amount', mode: 'gte', value: '1000' },
    { field: 'amount', mode: 'lte', value: '5000' },
    { field: 'created_at', mode: 'dateAfter', value: day(-60) },
    { field: 'created_at', mode: 'dateBefore', value: day(-10) },
  ];
  const byAmount: TableSort = { field: 'amount', direction: 'desc' };
  const project = { id: 'prj_bench', timeZone: TZ, currency: 'USD' };

  /** The cursor of page `n`, walked page by page as the console does. */
  const cursorOfPage = async (n: number) => {
    let cursor: string | undefined;
    for (let i = 1; i < n; i++) {
      const rows = await page([], null, cursor);
      cursor = rows[PAGE - 1]!.id;
    }
    return cursor;
  };
  const page1 = await timed(() => page([], null));
  const page50Cursor = await cursorOfPage(50);
  const page50 = await timed(() => page([], null, page50Cursor));
  const deepPage = await timed(() => page([], null, deep?.id));
  // Ordinary growth: 10 % more payments arrive, then the statistics refresh runs as the
  // PGlite worker (or PostgreSQL's autovacuum) would.
  await db.execute(sql`create temp table grown as select * from transactions
    where project_id = 'prj_bench' and random() < 0.1`);
  await db.execute(sql`update grown set id = 'txn_g' || substr(id, 5),
    payment_token = case when payment_token is null then null else 'g' || payment_token end,
    created_at = now() + random() * interval '1 hour'`);
  await db.execute(sql`insert into transactions select * from grown`);
  await db.execute(sql`drop table grown`);
  const analyzed = await analyzeGrownTables(db);
  const grownPage1 = await timed(() => page([], null));
  const grownPage50 = await timed(async () => page([], null, await cursorOfPage(50)), 5);
  const filteredPage = await timed(() => page(filtered, null));
  const amountPage = await timed(() => page([], byAmount));
  const dashboard = await timed(
    () => getDashboard(db, { project, input: { from: day(-89), to: day(0) }, now: new Date() }),
    15,
  );

  // CSV export of a quarter of the rows, then all of them: rows/s and peak heap growth.
  const exportRun = async (filters: TableFilter[]) => {
    global.gc?.();
    const base = process.memoryUsage();
    let peakHeap = 0;
    let peakRss = 0;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed - base.heapUsed);
      peakRss = Math.max(peakRss, m.rss - base.rss);
    }, 20);
    const start = performance.now();
    const prepared = await prepareExport(db, {
      kind: 'transactions',
      projectId: 'prj_bench',
      query: {
        filters,
        sort: null,
        timeZone: TZ,
      },
    });
    let lines = -1;
    let bytes = 0;
    for await (const chunk of prepared.lines) {
      bytes += chunk.length;
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
    }
    clearInterval(sample);
    const seconds = (performance.now() - start) / 1000;
    return { lines, seconds, bytes, peakHeap, peakRss };
  };
  const [quarterCut] = await rowsOf<{ d: string }>(
    db,
    sql`select to_char((created_at at time zone ${TZ})::date, 'YYYY-MM-DD') as d from transactions
        where project_id = 'prj_bench' order by created_at desc offset ${Math.floor(rows / 4)} limit 1`,
  );
  const quarter = await exportRun([{ field: 'created_at', mode: 'dateAfter', value: quarterCut!.d }]);
  const all = await exportRun([]);

  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const ratio = (v: number, max: number) =>
    `${(v / page1).toFixed(2)}× page 1 (target ≤ ${max}×) ${v / page1 <= max ? 'OK' : 'MISSED'}`;
  report(
    `tables on ${kind}: ${rows.toLocaleString('en-US')} transactions (seeded in ${seedSeconds.toFixed(1)} s)`,
    [
      { name: 'page 1 (50 rows, newest first)', value: ms(page1) },
      { name: 'page 50 (walked by cursor)', value: `${ms(page50)} = ${ratio(page50, 1.5)}` },
      { name: `page at depth ${DEPTH} (keyset)`, value: `${ms(deepPage)} = ${ratio(deepPage, 1.5)}` },
      {
        name: `after 10 % growth (analyzed: ${analyzed.join(', ') || 'none'}): page 1 / page 50`,
        value: `${ms(grownPage1)} / ${ms(grownPage50 / 50)} per page walked`,
      },
      {
        name: 'filtered page (status + amount + date range)',
        value: `${ms(filteredPage)} = ${ratio(filteredPage, 2)}`,
      },
      { name: 'page sorted by amount', value: `${ms(amountPage)} = ${ratio(amountPage, 2)}` },
      { name: '90-day dashboard (+ previous 90 days)', value: `${ms(dashboard)} = ${ratio(dashboard, 5)}` },
      {
        name: `CSV export ${quarter.lines.toLocaleString('en-US')} rows`,
        value: `${Math.round(quarter.lines / quarter.seconds).toLocaleString('en-US')} rows/s, peak heap +${mb(quarter.peakHeap)}, rss +${mb(quarter.peakRss)}`,
      },
      {
        name: `CSV export ${all.lines.toLocaleString('en-US')} rows (all)`,
        value: `${Math.round(all.lines / all.seconds).toLocaleString('en-US')} rows/s, peak heap +${mb(all.peakHeap)}, rss +${mb(all.peakRss)}, ${mb(all.bytes)} of CSV`,
      },
    ],
  );
  const plans = [
    await explain('page 1', [], null),
    await explain(`depth ${DEPTH}`, [], null, deep?.id),
    await explain('filtered page', filtered, null),
    await explain('sorted by amount', [], byAmount),
  ];
  const dashPlan = await rowsOf<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (costs off) select * from dashboard_rollups where project_id = 'prj_bench' and grain = 'day'
        and terminal_id = '' and currency in ('USD', '') and bucket_start >= now() - interval '90 days'`,
  );
  plans.push({ label: 'dashboard rollups (90 days)', plan: dashPlan.map((p) => p['QUERY PLAN']) });
  for (const p of plans) {
    const indexed = p.plan.some((l) => /Index (Only )?Scan|Bitmap Index Scan/.test(l));
    console.log(`\n  EXPLAIN ${p.label}: ${indexed ? 'index scan' : 'NO INDEX SCAN'}`);
    for (const l of p.plan) console.log(`    ${l}`);
  }
}

/** Inlines parameters for EXPLAIN (bench only; values are our own constants). */
function interpolate(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}

export async function benchTables() {
  const rows = intArg('rows', 1_000_000, 1000);
  // BENCH_DB=postgres or pglite runs one of the two.
  const which = process.env.BENCH_DB;
  const targets: [string, string | undefined][] = which === 'postgres' ? [] : [['PGlite', undefined]];
  if (process.env.DATABASE_URL && which !== 'pglite')
    targets.unshift(['PostgreSQL', process.env.DATABASE_URL]);
  else if (!process.env.DATABASE_URL)
    console.log('\n(set DATABASE_URL=postgres://… to run the tables bench on PostgreSQL too)');
  for (const [kind, url] of targets) {
    const saved = process.env.DATABASE_URL;
    if (url) process.env.DATABASE_URL = url;
    else delete process.env.DATABASE_URL;
    const { database, drop } = await openTestDatabase();
    try {
      await benchOne(kind, database, rows);
    } finally {
      await drop();
      if (saved) process.env.DATABASE_URL = saved;
    }
  }
}
