import type { Dashboard } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertRefund, insertScan, insertTerminal, insertTransaction, seeded } from '../../test/payment-rows';
import { scanToPayBin } from './recompute-buckets';
import { refreshRollups } from './refresh-rollups';

// The project's zone; New York leaves daylight-saving time on 2026-11-01 at 02:00 local
// (06:00 UTC): that local day has 25 hours and its 01:00 hour happens twice.
const TZ = 'America/New_York';
const FIRST = Date.parse('2026-10-24T04:00:00Z');
const LAST = Date.parse('2026-11-05T05:00:00Z');
const EDGES = [
  '2026-11-01T03:59:59.999Z', // Oct 31, 23:59:59 EDT
  '2026-11-01T04:00:00.000Z', // Nov 1, 00:00 EDT
  '2026-11-01T05:30:00.000Z', // 01:30 EDT
  '2026-11-01T06:30:00.000Z', // 01:30 EST, the same local hour again
  '2026-11-02T04:59:59.999Z', // Nov 1, 23:59:59 EST
  '2026-11-02T05:00:00.000Z', // Nov 2, 00:00 EST
  '2026-10-30T03:59:00.000Z', // Oct 29, 23:59 EDT: the previous period
];
const CODES = ['card_declined', 'insufficient_funds', 'expired_card'];

let t: TestApp;
let team: Awaited<ReturnType<typeof makeTeam>>;
let terminalA: string;
let terminalB: string;

async function fillHistory() {
  const db = t.ctx.database.db;
  const rand = seeded(42);
  const instants = [...EDGES.map((e) => new Date(e))];
  for (let i = 0; i < 260; i++) instants.push(new Date(FIRST + Math.floor(rand() * (LAST - FIRST))));
  for (const [i, createdAt] of instants.entries()) {
    const r = rand();
    const status =
      r < 0.65
        ? 'succeeded'
        : r < 0.75
          ? 'partially_refunded'
          : r < 0.8
            ? 'refunded'
            : r < 0.93
              ? 'failed'
              : 'canceled';
    const amount = 100 + Math.floor(rand() * 9000);
    const terminalId = i % 3 === 0 ? terminalB : terminalA;
    const txn = await insertTransaction(db, team.project.id, {
      terminalId,
      amount,
      status,
      createdAt,
      currency: i % 17 === 5 ? 'EUR' : 'USD',
      failureCode: status === 'failed' ? CODES[Math.floor(rand() * CODES.length)] : null,
      amountRefunded:
        status === 'refunded' ? amount : status === 'partially_refunded' ? Math.floor(amount / 3) : 0,
    });
    if (status === 'refunded' || status === 'partially_refunded') {
      const refundAt = new Date(createdAt.getTime() + Math.floor(rand() * 30 * 3600_000));
      await insertRefund(
        db,
        team.project.id,
        txn,
        status === 'refunded' ? amount : Math.floor(amount / 3),
        refundAt,
      );
    }
    if (rand() < 0.3) await insertScan(db, team.project.id, { terminalId, transactionId: txn, createdAt });
    const paid = status !== 'failed' && status !== 'canceled';
    const scanAt = new Date(createdAt.getTime() + 2000);
    await insertScan(db, team.project.id, {
      terminalId,
      transactionId: txn,
      createdAt: scanAt,
      paidAt: paid ? new Date(scanAt.getTime() + Math.floor(rand() * 240_000)) : null,
    });
  }
  // A refund that failed counts nowhere.
  const [any] = await rowsOf<{ id: string }>(
    db,
    sql`select id from transactions where status = 'succeeded' limit 1`,
  );
  await insertRefund(db, team.project.id, any!.id, 100, new Date('2026-11-01T12:00:00Z'), 'failed');
}

/** The same figures by plain SQL over the raw rows, grouped by local day or local hour. */
async function rawFigures(from: string, to: string, group: 'day' | 'hour', terminalId?: string) {
  const db = t.ctx.database.db;
  const p = team.project.id;
  const fmt = group === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD"T"HH24:00';
  const inRange = (col: string) =>
    sql`${sql.raw(col)} >= (${from}::date::timestamp at time zone ${TZ}) and ${sql.raw(col)} < ((${to}::date + 1)::timestamp at time zone ${TZ})`;
  const term = (col: string) => (terminalId ? sql`and ${sql.raw(col)} = ${terminalId}` : sql``);
  const label = (col: string) => sql`to_char(${sql.raw(col)} at time zone ${TZ}, ${fmt})`;
  const ok = sql`('succeeded', 'partially_refunded', 'refunded')`;
  const txns = await rowsOf<{ k: string; volume: number; count: number; failed: number; n: number }>(
    db,
    sql`select ${label('created_at')} as k, coalesce(sum(amount) filter (where status in ${ok}), 0)::float8 as volume,
          (count(*) filter (where status in ${ok}))::float8 as count, (count(*) filter (where status = 'failed'))::float8 as failed,
          count(*)::float8 as n
        from transactions where project_id = ${p} and currency = 'USD' and ${inRange('created_at')} ${term('terminal_id')}
        group by 1`,
  );
  const refunds = await rowsOf<{ k: string; n: number; amount: number }>(
    db,
    sql`select ${label('r.created_at')} as k, count(*)::float8 as n, sum(r.amount)::float8 as amount
        from refunds r join transactions x on x.id = r.transaction_id
        where r.project_id = ${p} and r.status = 'succeeded' and r.currency = 'USD' and ${inRange('r.created_at')} ${term('x.terminal_id')}
        group by 1`,
  );
  const scans = await rowsOf<{ k: string; n: number; paid: number }>(
    db,
    sql`select ${label('created_at')} as k, count(*)::float8 as n, (count(*) filter (where outcome = 'paid'))::float8 as paid
        from scans where project_id = ${p} and ${inRange('created_at')} ${term('terminal_id')} group by 1`,
  );
  const [totals] = await rowsOf<{ median: number | null }>(
    db,
    sql`select percentile_disc(0.5) within group (order by ${scanToPayBin(sql`paid_at - created_at`)})::float8 as median
        from scans where project_id = ${p} and outcome = 'paid' and ${inRange('created_at')} ${term('terminal_id')}`,
  );
  const declines = await rowsOf<{ code: string; count: number }>(
    db,
    sql`select failure_code as code, count(*)::float8 as count from transactions
        where project_id = ${p} and currency = 'USD' and status = 'failed' and ${inRange('created_at')} ${term('terminal_id')}
        group by 1 order by 2 desc, 1`,
  );
  return { txns, refunds, scans, median: totals?.median ?? null, declines };
}

async function dashboard(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/projects/${team.project.id}/dashboard?${query}`,
    headers: team.member.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

function expectEqual(
  d: Dashboard['totals'],
  series: Dashboard['series'],
  raw: Awaited<ReturnType<typeof rawFigures>>,
) {
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
  expect(d.volume).toBe(sum(raw.txns, (r) => r.volume));
  expect(d.count).toBe(sum(raw.txns, (r) => r.count));
  expect(d.failed).toBe(sum(raw.txns, (r) => r.failed));
  expect(d.transactions).toBe(sum(raw.txns, (r) => r.n));
  expect(d.refunds).toBe(sum(raw.refunds, (r) => r.n));
  expect(d.refunded_amount).toBe(sum(raw.refunds, (r) => r.amount));
  expect(d.scans).toBe(sum(raw.scans, (r) => r.n));
  expect(d.scans_paid).toBe(sum(raw.scans, (r) => r.paid));
  expect(d.median_seconds_to_pay).toBe(raw.median);
  expect(d.declines).toEqual(raw.declines);
  // No attempts on record here: each failed payment is one declined card, none rescued.
  expect(d.declined).toBe(sum(raw.declines, (r) => r.count));
  expect(d.rescued).toBe(0);
  expect(d.success_rate).toBeCloseTo(d.count / (d.count + d.failed), 12);
  for (const point of series) {
    const tx = raw.txns.find((r) => r.k === point.start);
    const sc = raw.scans.find((r) => r.k === point.start);
    const rf = raw.refunds.find((r) => r.k === point.start);
    expect({ at: point.start, volume: point.volume, count: point.count, failed: point.failed }).toEqual({
      at: point.start,
      volume: tx?.volume ?? 0,
      count: tx?.count ?? 0,
      failed: tx?.failed ?? 0,
    });
    expect([point.start, point.scans, point.scans_paid, point.refunded_amount]).toEqual([
      point.start,
      sc?.n ?? 0,
      sc?.paid ?? 0,
      rf?.amount ?? 0,
    ]);
  }
  // Every raw group has its point: nothing falls outside the series.
  if (series.length) for (const r of raw.txns) expect(series.map((p) => p.start)).toContain(r.k);
}

beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
  terminalA = await insertTerminal(t.ctx.database.db, team.project.id, 'Front counter');
  terminalB = await insertTerminal(t.ctx.database.db, team.project.id, 'Patio', 'offline');
  await fillHistory();
  await refreshRollups(t.ctx.database.db);
}, 120_000);
afterAll(() => t.close());

describe('GET /projects/{project_id}/dashboard', () => {
  it('per day across the end of daylight-saving time equals plain SQL over the raw rows', async () => {
    const d = await dashboard('from=2026-10-30&to=2026-11-03');
    expect(d.granularity).toBe('day');
    expect(d.time_zone).toBe(TZ);
    expect(d.series.map((p) => p.start)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    expectEqual(d.totals, d.series, await rawFigures('2026-10-30', '2026-11-03', 'day'));
    expect(d.previous).toMatchObject({ from: '2026-10-25', to: '2026-10-29' });
    expectEqual(d.previous.totals, [], await rawFigures('2026-10-25', '2026-10-29', 'day'));
    expect(d.terminals).toEqual({ online: 1, total: 2 });
    expect(d.top_terminals.map((x) => x.label).sort()).toEqual(['Front counter', 'Patio']);
    const a = d.top_terminals.find((x) => x.terminal_id === terminalA)!;
    const rawA = await rawFigures('2026-10-30', '2026-11-03', 'day', terminalA);
    expect(a.volume).toBe(rawA.txns.reduce((s, r) => s + r.volume, 0));
  });

  it('per hour on the 25-hour day equals plain SQL, the repeated 01:00 hour summed', async () => {
    const d = await dashboard('from=2026-11-01&to=2026-11-01');
    expect(d.granularity).toBe('hour');
    expect(d.series).toHaveLength(24);
    expectEqual(d.totals, d.series, await rawFigures('2026-11-01', '2026-11-01', 'hour'));
    expect(d.series.find((p) => p.start === '2026-11-01T01:00')!.count).toBeGreaterThanOrEqual(1);
  });

  it('filters by terminal', async () => {
    const d = await dashboard(`from=2026-10-28&to=2026-11-04&terminal_id=${terminalB}`);
    expectEqual(d.totals, d.series, await rawFigures('2026-10-28', '2026-11-04', 'day', terminalB));
    expect(d.top_terminals).toEqual([]);
  });

  it('in another zone (from the hour rollups) still equals plain SQL in that zone', async () => {
    const d = await dashboard('from=2026-10-30&to=2026-11-03&time_zone=Europe/Paris');
    const p = team.project.id;
    const [raw] = await rowsOf<{ count: number }>(
      t.ctx.database.db,
      sql`select count(*)::float8 as count from transactions where project_id = ${p} and currency = 'USD'
          and status in ('succeeded', 'partially_refunded', 'refunded')
          and created_at >= ('2026-10-30'::timestamp at time zone 'Europe/Paris')
          and created_at < ('2026-11-04'::timestamp at time zone 'Europe/Paris')`,
    );
    expect(d.totals.count).toBe(raw!.count);
  });

  it('lists every currency of the range and shows each one apart, never summed', async () => {
    const range = 'from=2026-10-30&to=2026-11-03&time_zone=America/New_York';
    const usd = await dashboard(range);
    const p = team.project.id;
    const raw = await rowsOf<{ currency: string; count: number; volume: number }>(
      t.ctx.database.db,
      sql`select currency, count(*)::float8 as count, sum(amount)::float8 as volume from transactions
          where project_id = ${p} and status in ('succeeded', 'partially_refunded', 'refunded')
          and created_at >= ('2026-10-30'::timestamp at time zone 'America/New_York')
          and created_at < ('2026-11-04'::timestamp at time zone 'America/New_York')
          group by currency order by 3 desc`,
    );
    expect(raw.map((r) => r.currency).sort()).toEqual(['EUR', 'USD']);
    expect(usd.currency).toBe('USD');
    expect(usd.currencies).toEqual(
      raw.map((r) => ({ currency: r.currency, count: r.count, volume: r.volume })),
    );
    const eur = await dashboard(`${range}&currency=EUR`);
    expect(eur.currency).toBe('EUR');
    const eurRaw = raw.find((r) => r.currency === 'EUR');
    expect(eur.totals.count).toBe(eurRaw?.count);
    expect(eur.totals.volume).toBe(eurRaw?.volume);
    expect(usd.totals.count).toBe(raw.find((r) => r.currency === 'USD')?.count);
  });

  it('refuses bad ranges and zones with 400 problem+json', async () => {
    for (const q of [
      'from=2026-11-05&to=2026-11-01',
      'from=2025-01-01&to=2026-11-01',
      'time_zone=Mars/Base',
      'from=yesterday',
      'extra=1',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${team.project.id}/dashboard?${q}`,
        headers: team.owner.auth,
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });

  it('is 404 for outsiders and readable by every member role', async () => {
    const url = `/api/v1/projects/${team.project.id}/dashboard`;
    expect((await t.app.inject({ method: 'GET', url, headers: team.outsider.auth })).statusCode).toBe(404);
    for (const who of [team.owner, team.admin, team.member]) {
      expect((await t.app.inject({ method: 'GET', url, headers: who.auth })).statusCode).toBe(200);
    }
  });
});
