// `npm run bench items [-- --lines 1000000]`: the item report at scale, on the database
// DATABASE_URL names (PGlite without it). Seeds N line items (4 per payment, 60 items in 8
// categories, 3 terminals, 4 cashiers, 1 payment in 50 refunded by line) over 30 days in bulk
// (generate_series), builds the rollups as a bulk load does (rebuildProjectRollups), then
// measures over HTTP, in turns, the 30-day item report against one page of the transactions
// list (the same-run baseline). Target: report ≤ 2× a transactions page. Not run in CI (no bench is).
// Figures from a run are in docs/develop/benchmarks.md.
import { sql } from 'drizzle-orm';
import { rebuildProjectRollups } from '../apps/server/src/domain/dashboard/refresh-rollups';
import type { Db } from '../apps/server/src/platform/db';
import { rowsOf } from '../apps/server/src/platform/sql-rows';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { makeTerminal } from '../apps/server/src/test/payment-factories';
import { intArg } from './args';
import { latencyRound, report } from './measure';

const LINES_PER_PAYMENT = 4;
const DAY_MS = 86_400_000;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** `lines` line items on lines/4 succeeded payments spread evenly over [from, to), in bulk. */
async function seed(db: Db, projectId: string, terminals: string[], lines: number, from: Date, to: Date) {
  const payments = Math.ceil(lines / LINES_PER_PAYMENT);
  const span = to.getTime() - from.getTime();
  const terms = JSON.stringify(terminals);
  await db.execute(sql`
    insert into transactions (id, project_id, terminal_id, amount, currency, status, source, payment_token, provider,
      card_brand, card_last4, tax_rate, fee, amount_refunded, cashier_id, cashier_name, expires_at, succeeded_at,
      created_at, updated_at)
    select 'txn_bi' || g, ${projectId}, (${terms}::jsonb ->> (g % ${terminals.length}))::text, 1000, 'USD',
      case when g % 50 = 0 then 'partially_refunded' else 'succeeded' end, 'terminal',
      md5('bi' || g::text) || md5(g::text), 'simulator', 'visa', '4242', 19, 25, 0,
      'stf_bench' || (g % 4), 'Cashier ' || (g % 4), ts + interval '15 minutes', ts, ts, ts
    from generate_series(1, ${payments}) g,
      lateral (select ${from.toISOString()}::timestamptz + (${span}::bigint * g / (${payments} + 1)) * interval '1 millisecond' as ts) t`);
  // Item k (of 60) in category k % 8; items k % 3 = 0 come in two variants; 1 line in 10 is a weight.
  await db.execute(sql`
    insert into line_items (id, project_id, transaction_id, position, item_id, variant_id, name, category, quantity,
      unit_price, tax_rate, total, tax, created_at)
    select 'li_bi' || g || '_' || p, ${projectId}, 'txn_bi' || g, p, 'itm_bench' || k,
      case when k % 3 = 0 then 'var_bench' || k || '_' || (g % 2) end,
      'Item ' || k || case when k % 3 = 0 then case when g % 2 = 0 then ' (Small)' else ' (Large)' end else '' end,
      'Category ' || (k % 8), q, price, rate, round(q * price), round(round(q * price) * rate / (100 + rate)),
      ${from.toISOString()}::timestamptz + (${span}::bigint * g / (${payments} + 1)) * interval '1 millisecond'
    from generate_series(1, ${payments}) g, generate_series(0, ${LINES_PER_PAYMENT - 1}) p,
      lateral (select (g * 7 + p * 13) % 60 as k) ki,
      lateral (select case when (g + p) % 10 = 0 then 0.250 + (g % 7) * 0.125 else 1 + (g + p) % 3 end::numeric(12, 3) as q,
        150 + ki.k * 25 as price, case when ki.k % 4 = 0 then 19 else 7 end::numeric as rate) v`);
  // Payment amounts stay a flat 10.00 (the report reads lines; the list shows amounts): an update
  // of every payment to its lines' sum would double the seed's time.
  // Refunds by line: the first line of 1 payment in 50, one unit (or the weight) of it.
  await db.execute(sql`
    insert into refunds (id, project_id, transaction_id, amount, currency, status, created_by, succeeded_at, created_at, updated_at)
    select 'rfd_bi' || t.id, t.project_id, t.id, l.unit_price * least(l.quantity, 1), 'USD', 'succeeded', 'bench',
      t.created_at + interval '1 hour', t.created_at + interval '1 hour', t.created_at + interval '1 hour'
    from transactions t join line_items l on l.transaction_id = t.id and l.position = 0
    where t.project_id = ${projectId} and t.status = 'partially_refunded'`);
  await db.execute(sql`
    insert into refund_lines (refund_id, line_item_id, project_id, quantity, amount, tax)
    select r.id, l.id, r.project_id, least(l.quantity, 1), r.amount, round(r.amount * l.tax_rate / (100 + l.tax_rate))
    from refunds r join line_items l on l.transaction_id = r.transaction_id and l.position = 0
    where r.project_id = ${projectId} and r.id like 'rfd_bi%'`);
  await db.execute(sql`update transactions t set amount_refunded = r.amount from refunds r
    where r.transaction_id = t.id and r.id like 'rfd_bi%'`);
  for (const table of ['transactions', 'line_items', 'refunds', 'refund_lines'])
    await db.execute(sql.raw(`analyze ${table}`));
}

export async function benchItems() {
  const lines = intArg('lines', 1_000_000, 1_000);
  const runs = intArg('runs', 30, 3);
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const db = t.ctx.database.db;
    const team = await makeTeam(t);
    const projectId = team.project.id;
    const terminals: string[] = [];
    for (const label of ['Front till', 'Bar', 'Terrace'])
      terminals.push((await makeTerminal(db, projectId, { label })).id);
    const now = Date.now();
    const seeded = await timed(() =>
      seed(db, projectId, terminals, lines, new Date(now - 30 * DAY_MS), new Date(now - 60_000)),
    );
    const rolled = await timed(() => rebuildProjectRollups(db, projectId));
    await db.execute(sql`analyze item_rollups`);
    const [size] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::float8 as n from item_rollups where project_id = ${projectId}`,
    );
    const [count] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::float8 as n from line_items where project_id = ${projectId}`,
    );

    const headers = { authorization: team.owner.auth.authorization };
    const base = `${t.origin}/api/v1/projects/${projectId}`;
    const get = (path: string) =>
      fetch(`${base}${path}`, { headers }).then(async (r) => {
        if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
        return r.json();
      });
    const first = (await get('/reports/items')) as {
      from: string;
      to: string;
      rows: unknown[];
      totals: { gross: number };
    };
    if (first.rows.length === 0) throw new Error('the report is empty: the seed and the report disagree');
    // The same figure by a scan of the line items, once, to show what the rollup saves.
    const scan = await timed(() =>
      rowsOf<{ gross: number }>(
        db,
        sql`select sum(l.total)::float8 as gross from line_items l join transactions t on t.id = l.transaction_id
            where l.project_id = ${projectId} and t.status in ('succeeded', 'partially_refunded', 'refunded')
              and t.source <> 'cli'
              and t.created_at >= (${first.from}::date::timestamp at time zone 'America/New_York')
              and t.created_at < ((${first.to}::date + 1)::timestamp at time zone 'America/New_York')
            group by l.item_id, l.variant_id`,
      ),
    );
    const [reportMs, pageMs, categoryMs] = await latencyRound(
      [
        () => get('/reports/items'),
        () => get('/transactions?limit=50'),
        () => get('/reports/items?group=category'),
      ],
      { runs },
    );
    const ratio = reportMs!.p50 / pageMs!.p50;
    report(`Item report, ${t.ctx.database.kind}`, [
      {
        name: `seed ${count!.n.toLocaleString('en-US')} line items over 30 days (bulk SQL)`,
        value: `${(seeded.ms / 1000).toFixed(1)} s`,
      },
      {
        name: 'build the rollups (rebuildProjectRollups)',
        value: `${(rolled.ms / 1000).toFixed(1)} s → ${size!.n.toLocaleString('en-US')} item_rollups rows`,
      },
      {
        name: 'scan of the line items (SQL, once)',
        value: `${scan.ms.toFixed(0)} ms`,
      },
      {
        name: `GET …/transactions?limit=50 (baseline, p50 of ${runs})`,
        value: `${pageMs!.p50.toFixed(1)} ms (p95 ${pageMs!.p95.toFixed(1)})`,
      },
      {
        name: `GET …/reports/items, 30 days, ${first.rows.length} rows`,
        value: `${reportMs!.p50.toFixed(1)} ms (p95 ${reportMs!.p95.toFixed(1)}) = ${ratio.toFixed(2)}× a page`,
      },
      {
        name: 'GET …/reports/items?group=category',
        value: `${categoryMs!.p50.toFixed(1)} ms (${(categoryMs!.p50 / pageMs!.p50).toFixed(2)}× a page)`,
      },
      {
        name: 'target: report ≤ 2× a transactions page',
        value: ratio <= 2 ? 'met' : 'MISSED',
      },
    ]);
  } finally {
    await t.close();
  }
}
