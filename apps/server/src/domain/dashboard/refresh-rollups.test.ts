import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertRefund, insertScan, insertTerminal, insertTransaction, seeded } from '../../test/payment-rows';
import { rebuildProjectRollups, refreshRollups } from './refresh-rollups';

let t: TestApp;
let projectId: string;
let terminals: string[];
const rand = seeded(7);
const hour = 3600_000;
const base = Date.parse('2026-11-20T12:00:00Z');

const snapshot = async () => ({
  dashboard: await rowsOf<Record<string, unknown>>(
    t.ctx.database.db,
    sql`select grain, terminal_id, currency, to_char(bucket_start at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as b,
          transactions::float8, succeeded::float8, failed::float8, volume::float8, refunds::float8,
          refunded_amount::float8, declines, scans::float8, scans_paid::float8, scan_to_pay
        from dashboard_rollups where project_id = ${projectId}
        order by grain, terminal_id, currency, bucket_start`,
  ),
  cashiers: await rowsOf<Record<string, unknown>>(
    t.ctx.database.db,
    sql`select grain, terminal_id, currency, test, cashier_id,
          to_char(bucket_start at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as b, payments_count::float8,
          gross::float8, tips::float8, last_name, to_char(last_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as last_at
        from cashier_rollups where project_id = ${projectId}
        order by grain, terminal_id, currency, test, cashier_id, bucket_start`,
  ),
});

/** The incremental rollups equal a rebuild from scratch, and their totals equal the raw rows. */
async function expectInStep() {
  const incremental = await snapshot();
  await rebuildProjectRollups(t.ctx.database.db, projectId);
  expect(incremental).toEqual(await snapshot());
  // A rebuild in many slices (a few rows each) says the same.
  await rebuildProjectRollups(t.ctx.database.db, projectId, { sliceRows: 7 });
  expect(incremental).toEqual(await snapshot());
  const [raw] = await rowsOf<{ volume: number; n: number }>(
    t.ctx.database.db,
    sql`select coalesce(sum(amount) filter (where status in ('succeeded', 'partially_refunded', 'refunded')), 0)::float8 as volume,
          count(*)::float8 as n from transactions where project_id = ${projectId}`,
  );
  const [rolled] = await rowsOf<{ volume: number; n: number }>(
    t.ctx.database.db,
    sql`select coalesce(sum(volume), 0)::float8 as volume, coalesce(sum(transactions), 0)::float8 as n
        from dashboard_rollups where project_id = ${projectId} and grain = 'day' and terminal_id = ''`,
  );
  expect(rolled).toEqual(raw);
  // Takings per cashier: the whole project's and one terminal's, as the raw rows say.
  for (const terminal of ['', terminals[0]!]) {
    const byRaw = await rowsOf<Record<string, unknown>>(
      t.ctx.database.db,
      sql`select coalesce(cashier_id, '') as cashier_id, count(*)::float8 as n, sum(amount + tip_amount)::float8 as gross,
            sum(tip_amount)::float8 as tips, (array_agg(cashier_name order by created_at desc))[1] as name
          from transactions where project_id = ${projectId} and status in ('succeeded', 'partially_refunded', 'refunded')
            and (${terminal} = '' or terminal_id = ${terminal})
          group by 1 order by 1`,
    );
    const byRollup = await rowsOf<Record<string, unknown>>(
      t.ctx.database.db,
      sql`select cashier_id, sum(payments_count)::float8 as n, sum(gross)::float8 as gross, sum(tips)::float8 as tips,
            (array_agg(last_name order by last_at desc))[1] as name
          from cashier_rollups where project_id = ${projectId} and grain = 'day' and terminal_id = ${terminal}
          group by 1 order by 1`,
    );
    expect(byRollup).toEqual(byRaw);
    expect(byRaw.length).toBeGreaterThan(1);
  }
}

function cashierOf(r: number) {
  if (r < 0.3) return { cashierId: 'stf_ana', cashierName: r < 0.15 ? 'Ana' : 'Ana B.' };
  if (r < 0.6) return { cashierId: 'stf_ben', cashierName: 'Ben' };
  return {};
}

async function pay(at: number, status: 'succeeded' | 'failed' = 'succeeded') {
  const terminalId = terminals[Math.floor(rand() * terminals.length)]!;
  const createdAt = new Date(at);
  const id = await insertTransaction(t.ctx.database.db, projectId, {
    terminalId,
    amount: 100 + Math.floor(rand() * 5000),
    status,
    createdAt,
    failureCode: status === 'failed' ? 'card_declined' : null,
    tipAmount: rand() < 0.5 ? Math.floor(rand() * 300) : 0,
    // Two cashiers, one renamed along the way, and payments with none.
    ...cashierOf(rand()),
  });
  await insertScan(t.ctx.database.db, projectId, {
    terminalId,
    transactionId: id,
    createdAt,
    paidAt: status === 'succeeded' ? new Date(at + Math.floor(rand() * 90_000)) : null,
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const team = await makeTeam(t);
  projectId = team.project.id;
  terminals = [
    await insertTerminal(t.ctx.database.db, projectId, 'One'),
    await insertTerminal(t.ctx.database.db, projectId, 'Two'),
  ];
  for (let i = 0; i < 40; i++)
    await pay(base - Math.floor(rand() * 72 * hour), rand() < 0.9 ? 'succeeded' : 'failed');
  await refreshRollups(t.ctx.database.db);
}, 120_000);
afterAll(() => t.close());

describe('dashboard rollups job', () => {
  it('stays equal to the raw rows after refunds (status, amount and refund rows change)', async () => {
    const db = t.ctx.database.db;
    const paid = await rowsOf<{ id: string; amount: number }>(
      db,
      sql`select id, amount::float8 from transactions where project_id = ${projectId} and status = 'succeeded' limit 5`,
    );
    for (const [i, p] of paid.entries()) {
      const full = i % 2 === 0;
      const amount = full ? p.amount : Math.floor(p.amount / 2);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update transactions set status = ${full ? 'refunded' : 'partially_refunded'},
            amount_refunded = ${amount}, updated_at = now() where id = ${p.id}`);
        await insertRefund(tx as never, projectId, p.id, amount, new Date());
      });
    }
    await refreshRollups(db);
    await expectInStep();
  });

  it('stays equal after payments written while the job runs, some committing with older stamps', async () => {
    const db = t.ctx.database.db;
    const writes = Array.from({ length: 30 }, (_, i) =>
      pay(base - Math.floor(rand() * 48 * hour), i % 7 ? 'succeeded' : 'failed'),
    );
    const jobs = [refreshRollups(db), refreshRollups(db)];
    await Promise.all([...writes, ...jobs]);
    // A writer whose clock said "2 minutes ago" commits only now (inside the overlap).
    const late = await pay(base - 5 * hour);
    await db.execute(
      sql`update transactions set updated_at = now() - interval '2 minutes' where id = ${late}`,
    );
    await db.execute(
      sql`update scans set updated_at = now() - interval '2 minutes' where transaction_id = ${late}`,
    );
    await refreshRollups(db);
    await expectInStep();
  });

  it('stays equal after a crash mid-job (the next pass redoes the work)', async () => {
    const db = t.ctx.database.db;
    for (let i = 0; i < 10; i++) await pay(base - Math.floor(rand() * 96 * hour));
    await db.execute(sql`update transactions set status = 'failed', failure_code = 'expired_card', updated_at = now()
      where id in (select id from transactions where project_id = ${projectId} and status = 'succeeded' limit 3)`);
    await expect(refreshRollups(db, { crashAfterBatches: 1 })).rejects.toThrow(/simulated crash/);
    await refreshRollups(db);
    await expectInStep();
  });

  it('rebuilds a project in its new zone when the zone changes', async () => {
    const db = t.ctx.database.db;
    await db.execute(sql`update projects set time_zone = 'Asia/Kolkata' where id = ${projectId}`);
    await pay(base);
    await refreshRollups(db);
    const [state] = await rowsOf<{ time_zone: string; origin_minutes: number }>(
      db,
      sql`select time_zone, origin_minutes from rollup_state where project_id = ${projectId}`,
    );
    expect(state).toEqual({ time_zone: 'Asia/Kolkata', origin_minutes: 30 });
    const [misaligned] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from dashboard_rollups where project_id = ${projectId} and grain = 'hour'
          and extract(minute from bucket_start at time zone 'UTC') <> 30`,
    );
    expect(misaligned!.n).toBe(0);
    await expectInStep();
  });

  it('the migration that fills cashier_rollups for existing data says what the job says', async () => {
    const db = t.ctx.database.db;
    await refreshRollups(db);
    const before = (await snapshot()).cashiers;
    expect(before.length).toBeGreaterThan(0);
    await db.execute(sql`delete from cashier_rollups`);
    const file = path.join(import.meta.dirname, '../../db/migrations/0017_cashier_rollups_fill.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    expect((await snapshot()).cashiers).toEqual(before);
  });
});
