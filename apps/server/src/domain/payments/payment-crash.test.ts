import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { businesses, projects } from '../../db/schema';
import { type Database, openDatabase } from '../../platform/db';
import { newId } from '../../platform/ids';
import { freePort } from '../../test/harness';
import { makeTerminal, makeTransaction } from '../../test/payment-factories';
import { spawnServer } from '../../test/spawn-server';
import { openTestDatabase } from '../../test/test-database';

// Crash safety: the real server as a child process, ~2,000 concurrent payment
// requests (eight per transaction), SIGKILL midway, restart on the same data. Afterwards: no
// transaction charged twice, every charge recorded, every acknowledged success kept, nothing
// left `processing`. On PGlite by default, on PostgreSQL when DATABASE_URL is set.

const TRANSACTIONS = 250;
const PAYS_PER_TRANSACTION = 8;

async function seed(db: Database['db']) {
  const now = new Date();
  const businessId = newId('biz');
  const projectId = newId('prj');
  await db.insert(businesses).values({
    id: businessId,
    ownerUid: 'crash-test',
    name: 'Crash Café',
    country: 'US',
    defaultCurrency: 'USD',
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(projects).values({
    id: projectId,
    businessId,
    name: 'Crash',
    timeZone: 'UTC',
    currency: 'USD',
    createdBy: 'crash-test',
    createdAt: now,
    updatedAt: now,
  });
  const terminal = await makeTerminal(db, projectId);
  const tokens: string[] = [];
  for (let i = 0; i < TRANSACTIONS; i++) {
    tokens.push((await makeTransaction(db, projectId, terminal.id, { amount: 100 + i })).paymentToken);
  }
  return tokens;
}

// Detached: its own process group, so a kill reaches everything it started.
const startServer = (env: Record<string, string>) =>
  spawnServer(env, { baseEnv: process.env, detached: true });

describe.each([process.env.DATABASE_URL ? 'postgres' : 'pglite'])('payments survive kill -9 (%s)', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('0 double charges, every charge recorded, nothing left processing', { timeout: 420_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    let tokens: string[];
    let reopen: () => Promise<Database>;
    if (kind === 'postgres') {
      const test = await openTestDatabase();
      databaseUrl = test.url!;
      cleanups.push(test.drop);
      tokens = await seed(test.database.db);
      reopen = async () => test.database;
    } else {
      const pgliteDir = path.join(dataDir, 'pglite');
      const db = await openDatabase({ pgliteDir });
      await db.migrate();
      tokens = await seed(db.db);
      await db.close();
      reopen = async () => openDatabase({ pgliteDir });
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MULTIPLIER: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };

    const t0 = performance.now();
    const lap = (what: string) =>
      console.log(`[crash ${kind}] ${what} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // First life: open every code, then fire all payments and kill the server midway.
    let server = startServer(env);
    cleanups.push(() => server.signal('SIGKILL'));
    await server.ready(origin);
    lap('server ready');
    const scanIds: string[] = [];
    const queue = [...tokens];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let token = queue.shift(); token; token = queue.shift()) {
          const res = await fetch(`${origin}/mobile/v1/scans`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token }),
          });
          expect(res.status).toBe(201);
          scanIds.push(((await res.json()) as { id: string }).id);
        }
      }),
    );
    lap('scans opened');
    const requests = scanIds.flatMap((id) => Array.from({ length: PAYS_PER_TRANSACTION }, () => id));
    // Each transaction's requests arrive together (several phones, or impatient taps), and new
    // transactions keep arriving all along: whenever the kill lands, some are mid-payment.
    const acknowledged = new Map<string, string>(); // scan id → status answered
    let answered = 0;
    let killed = false;
    // 200 requests in flight at a time (a crowd of phones), the kill lands mid-stream.
    const pending = [...requests];
    // Midway (30–60 % of the answers) a watcher reads the codes being paid and kills the
    // server the moment one shows `processing`: charged or not, its outcome is not recorded
    // yet. (After 1 s without seeing one, it kills anyway.)
    const killAt = Math.floor(requests.length * (0.3 + Math.random() * 0.3));
    const inFlight = new Set<string>();
    let seenProcessing: string | undefined;
    const kill = () => {
      if (killed) return;
      killed = true;
      void server.signal('SIGKILL');
    };
    const watch = async () => {
      const deadline = performance.now() + 1000;
      while (!killed && performance.now() < deadline) {
        await Promise.all(
          [...inFlight].slice(-8).map(async (scanId) => {
            try {
              const res = await fetch(`${origin}/mobile/v1/scans/${scanId}`);
              const body = (await res.json()) as { transaction?: { status: string } };
              if (body.transaction?.status === 'processing' && !killed) {
                seenProcessing = scanId;
                kill();
              }
            } catch {}
          }),
        );
      }
      kill();
    };
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        for (let scanId = pending.shift(); scanId && !killed; scanId = pending.shift()) {
          inFlight.add(scanId);
          try {
            const res = await fetch(`${origin}/mobile/v1/scans/${scanId}/payments`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ payment_method: 'pm_card_visa' }),
            });
            const body = (await res.json()) as { status?: string };
            if (res.status === 200 && body.status) acknowledged.set(scanId, body.status);
          } catch {
            // The server died under this request: its outcome is for the reconcile to settle.
          }
          inFlight.delete(scanId);
          answered++;
          if (answered === killAt) void watch();
        }
      }),
    );
    await server.exited;
    lap(`killed (${seenProcessing ? `on seeing ${seenProcessing} processing` : 'by the timer'})`);
    expect(killed).toBe(true);
    {
      // What the crash left: transactions claimed (processing) whose outcome was never recorded.
      const db = await reopen();
      const left = (await db.db.execute(
        sql`select count(*)::int as n from transactions where status = 'processing'`,
      )) as unknown as { rows: { n: number }[] };
      const charged = (await db.db.execute(
        sql`select count(*)::int as n from simulator_charges`,
      )) as unknown as {
        rows: { n: number }[];
      };
      console.log(
        `[crash ${kind}] after the kill: ${left.rows[0]!.n} processing, ${charged.rows[0]!.n} charges, ${answered} answers`,
      );
      if (kind === 'pglite') await db.close();
    }
    expect(acknowledged.size).toBeGreaterThan(0);

    // Second life on the same data: the reconcile runs before the server listens.
    server = startServer({ ...env, LOG_LEVEL: 'info' });
    await server.ready(origin);
    const reconciled = /"checked":(\d+),"finished":(\d+),"released":(\d+)/.exec(server.out() + server.err());
    console.log(
      `[crash ${kind}] ${((performance.now() - t0) / 1000).toFixed(1)} s; reconcile on restart: ${reconciled?.[0] ?? `nothing to do ${(server.out() + server.err()).slice(0, 600)}`}`,
    );
    // Whatever the crash interrupted stays payable, and paying it again still charges once.
    const rest = scanIds.filter((id) => acknowledged.get(id) !== 'succeeded');
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let scanId = rest.shift(); scanId; scanId = rest.shift()) {
          const res = await fetch(`${origin}/mobile/v1/scans/${scanId}/payments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ payment_method: 'pm_card_visa' }),
          });
          expect(res.status).toBe(200);
          expect(((await res.json()) as { status: string }).status).toBe('succeeded');
        }
      }),
    );
    await server.signal('SIGTERM');

    const database = await reopen();
    if (kind === 'pglite') cleanups.push(() => database.close());
    const q = async <T>(query: ReturnType<typeof sql>) =>
      (await database.db.execute(query)) as unknown as { rows: T[] };
    const doubles = await q<{ n: number }>(
      sql`select count(*)::int as n from (select idempotency_key from simulator_charges group by 1 having count(*) > 1) d`,
    );
    expect(doubles.rows[0]!.n).toBe(0);
    const processing = await q<{ n: number }>(
      sql`select count(*)::int as n from transactions where status = 'processing'`,
    );
    expect(processing.rows[0]!.n).toBe(0);
    // Every charge the simulator made is a succeeded transaction, and the other way round.
    const unrecorded = await q<{ n: number }>(sql`
      select count(*)::int as n from simulator_charges c
      join transactions t on t.id = c.idempotency_key and t.project_id = c.project_id
      where t.status <> 'succeeded'`);
    expect(unrecorded.rows[0]!.n).toBe(0);
    const uncharged = await q<{ n: number }>(sql`
      select count(*)::int as n from transactions t
      where t.status = 'succeeded'
        and not exists (select 1 from simulator_charges c where c.idempotency_key = t.id and c.status = 'succeeded')`);
    expect(uncharged.rows[0]!.n).toBe(0);
    const oneSuccess = await q<{ n: number }>(sql`
      select count(*)::int as n from (select transaction_id from payment_attempts where status = 'succeeded' group by 1 having count(*) > 1) d`);
    expect(oneSuccess.rows[0]!.n).toBe(0);
    // Every success the server acknowledged is still there.
    const succeededScans = await q<{ id: string }>(sql`
      select s.id from scans s join transactions t on t.id = s.transaction_id where t.status = 'succeeded'`);
    const kept = new Set(succeededScans.rows.map((r) => r.id));
    for (const [scanId, status] of acknowledged)
      if (status === 'succeeded') expect(kept.has(scanId)).toBe(true);
    const summary = await q<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from transactions group by 1`,
    );
    expect(summary.rows).toEqual([{ status: 'succeeded', n: TRANSACTIONS }]);
    const charges = await q<{ n: number }>(sql`select count(*)::int as n from simulator_charges`);
    expect(charges.rows[0]!.n).toBe(TRANSACTIONS);
    console.log(
      `[crash ${kind}] acknowledged ${acknowledged.size} of ${requests.length}; after restart:`,
      summary.rows,
    );
  });
});
