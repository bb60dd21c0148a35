import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/db';
import { rowsOf } from '../platform/sql-rows';
import { freePort } from '../test/harness';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverUrl = process.env.DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-backup-'));
const dataDir = path.join(work, 'data');
const secretsKey = randomBytes(32).toString('base64');
const servers: SpawnedServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of servers) s.kill();
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
});

/** A fresh database on the PostgreSQL server of this run (when it runs on PostgreSQL). */
async function freshPostgres(): Promise<{ url: string; recreate(): Promise<void> }> {
  const name = `scanline_backup_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async recreate() {
      await admin(`drop database ${name} with (force)`);
      await admin(`create database ${name}`);
    },
  };
}

describe(`backup and restore on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let env: Record<string, string>;

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env, LOG_LEVEL: 'error' },
    }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        out: e.stdout,
        err: e.stderr,
      }),
    );

  async function startServer() {
    const port = await freePort();
    const server = spawnServer(
      { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      { baseEnv: { PATH: process.env.PATH ?? '' }, stdout: 'ignore', stderr: 'inherit' },
    );
    servers.push(server);
    const origin = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      origin,
      stop: () => server.signal('SIGTERM'),
    };
  }

  /** Every table's row count, read straight from the database with no server running. */
  async function tableCounts() {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(dataDir, 'pglite'),
    });
    try {
      const tables = await rowsOf<{ name: string }>(
        database.db,
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const [row] = await rowsOf<{ n: string }>(
          database.db,
          sql.raw(`select count(*) as n from "${name}"`),
        );
        counts[name] = Number(row?.n);
      }
      // The dashboard's rollups are recomputed from the payments by the running server, so
      // their row count may move between the backup and the server's stop: they must exist.
      expect(counts.dashboard_rollups).toBeGreaterThan(0);
      delete counts.dashboard_rollups;
      delete counts.cashier_rollups;
      // Likewise two queues the running server works through on its own clock: webhook fan-out
      // rows are consumed by the dispatcher, request-log rows land from a buffer about a second
      // after each request. Their content is data in flight, not history a restore must equal.
      delete counts.event_fanout;
      for (const name of Object.keys(counts)) if (name.startsWith('request_logs')) delete counts[name];
      // And the running servers' own registrations (27): who is up, and each caller's
      // last write position for read-your-writes; a backup taken while a server runs holds its row.
      delete counts.replicas;
      delete counts.caller_write_positions;
      return counts;
    } finally {
      await database.close();
    }
  }

  const identity = (origin: string, call: string, body: object) =>
    fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=scanline-local-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    }).then((r) => r.json() as Promise<{ idToken: string }>);
  const api = (origin: string, method: string, url: string, idToken: string, body?: unknown) =>
    fetch(`${origin}/api/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${idToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** A payment made the way a shop makes one: a register's API key, then the shopper pays. */
  async function payOne(origin: string, projectId: string, idToken: string) {
    const key = (await (
      await api(origin, 'POST', `/projects/${projectId}/api-keys`, idToken, {
        name: 'Register',
        mode: 'write',
      })
    ).json()) as { secret: string };
    const fleet = (await (
      await fetch(`${origin}/terminal/v1/projects/${projectId}/terminals?limit=1`, {
        headers: { authorization: `Bearer ${key.secret}` },
      })
    ).json()) as { data: { id: string }[] };
    const created = (await (
      await fetch(`${origin}/terminal/v1/transactions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key.secret}`,
          'content-type': 'application/json',
          'idempotency-key': randomBytes(8).toString('hex'),
        },
        body: JSON.stringify({ amount: 1250, terminal_id: fleet.data[0]?.id }),
      })
    ).json()) as { id: string; payment_url: string };
    const token = new URL(created.payment_url).pathname.split('/').pop();
    const post = (url: string, body: object) =>
      fetch(`${origin}/mobile/v1${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ id: string; status: string }>);
    const scan = await post('/scans', { token });
    const payment = await post(`/scans/${scan.id}/payments`, { payment_method: 'pm_card_visa' });
    expect(payment.status).toBe('succeeded');
    return { id: created.id };
  }

  it('backs up a seeded database while the server runs, and restores it whole after a wipe', async () => {
    const postgres = serverUrl ? await freshPostgres() : null;
    env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRETS_KEY: secretsKey,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const server = await startServer();
    const email = `backup-${Date.now()}@example.test`;
    const password = 'correct horse battery';
    const { idToken } = await identity(server.origin, 'signUp', { email, password });
    const demo = await api(server.origin, 'POST', '/demo-projects', idToken, {});
    expect(demo.status).toBe(201);
    const projectId = ((await demo.json()) as { id: string }).id;
    const txn = await payOne(server.origin, projectId, idToken);

    const file = path.join(work, 'scanline.backup');
    const backup = await cli('backup', '--out', file);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Backed up the .* to .*scanline\.backup: [\d.]+ [KM]B, [\d,]+ core rows/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli('backup', '--out', file)).code).toBe(2); // never overwrites unasked

    if (!postgres) {
      const refused = await cli('restore', '--from', file);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/server is running/);
    }
    await server.stop();
    const before = await tableCounts();
    expect(before.transactions).toBeGreaterThan(1000);

    const notEmpty = await cli('restore', '--from', file);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.err).toMatch(/not empty .* --force/);

    // Wipe, then restore into the empty database.
    if (postgres) await postgres.recreate();
    else fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    const restored = await cli('restore', '--from', file);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(await tableCounts()).toEqual(before);

    // The restored product works: the same password signs in, and the same payment refunds.
    const again = await startServer();
    const signedIn = await identity(again.origin, 'signInWithPassword', { email, password });
    expect(signedIn.idToken).toBeTruthy();
    const refund = await api(
      again.origin,
      'POST',
      `/projects/${projectId}/transactions/${txn?.id}/refunds`,
      signedIn.idToken,
      {
        amount: 1,
      },
    );
    expect(refund.status).toBe(201);
    await again.stop();

    // --force replaces a database that has data (PGlite keeps the old folder beside it).
    const forced = await cli('restore', '--from', file, '--force');
    expect(forced.code).toBe(0);
    if (!postgres) expect(forced.out).toMatch(/previous data is in .*pglite\.before-restore-/);
    expect(await tableCounts()).toEqual(before);
  }, 240_000);

  it('refuses a file that is not a backup, and names what is missing', async () => {
    env = { NODE_ENV: 'production', DATA_DIR: path.join(work, 'other'), SECRETS_KEY: secretsKey };
    const junk = path.join(work, 'junk.bin');
    fs.writeFileSync(junk, 'hello');
    const res = await cli('restore', '--from', junk);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/not a Scanline backup/);
    expect((await cli('restore')).code).toBe(2);
    expect((await cli('restore', '--from', path.join(work, 'missing'))).code).toBe(3);
    // Three CLI processes, each loading the server's code: 61 s on a loaded 2-core machine.
  }, 120_000);
});
