import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/harness';
import { type SpawnedServer, spawnServer } from '../../test/spawn-server';

// Crash safety of transaction creates: the real server as a child process, ~2,000
// concurrent creates with distinct Idempotency-Keys, SIGKILL midway, restart on the same data:
// every acknowledged create is there, no key has two rows, and replaying every key answers
// the same transaction. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.

const CREATES = 2000;
const KILL_AFTER = 400;

interface Server {
  spawned: SpawnedServer;
  origin: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  // Detached: its own process group, so a kill reaches everything it started.
  const spawned = spawnServer(env, { baseEnv: process.env, detached: true, stdout: 'ignore' });
  const origin = `http://127.0.0.1:${env.PORT}`;
  await spawned.ready(origin);
  return { spawned, origin };
}

const killHard = (server: Server) => server.spawned.signal('SIGKILL');
const stopGracefully = (server: Server) => server.spawned.signal('SIGTERM');

async function json(res: Response, status: number) {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Owner, business, project, write key and terminal, through the public APIs. */
async function setUp(origin: string) {
  const signUp = await json(
    await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=scanline-local-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'crash@example.test',
        password: 'crash-test-pw',
        returnSecureToken: true,
      }),
    }),
    200,
  );
  const auth = { authorization: `Bearer ${signUp.idToken}`, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown) =>
    json(await fetch(`${origin}${url}`, { method: 'POST', headers: auth, body: JSON.stringify(body) }), 201);
  const business = await post('/api/v1/businesses', {
    name: 'Crash Co',
    country: 'US',
    default_currency: 'USD',
  });
  const project = await post('/api/v1/projects', {
    name: 'Crash',
    business_id: business.id,
    time_zone: 'UTC',
    currency: 'USD',
  });
  const key = await post(`/api/v1/projects/${project.id}/api-keys`, { name: 'crash', mode: 'write' });
  const terminal = await post(`/terminal/v1/projects/${project.id}/terminals`, {
    label: 'T',
    kind: 'virtual',
  });
  return { keyAuth: { authorization: `Bearer ${key.secret}` }, terminalId: terminal.id as string };
}

const bodyFor = (i: number, terminalId: string) =>
  JSON.stringify({ amount: 100 + i, currency: 'USD', reference: `crash-${i}`, terminal_id: terminalId });

async function createOne(origin: string, keyAuth: Record<string, string>, terminalId: string, i: number) {
  try {
    const res = await fetch(`${origin}/terminal/v1/transactions`, {
      method: 'POST',
      headers: { ...keyAuth, 'content-type': 'application/json', 'idempotency-key': `crash-key-${i}` },
      body: bodyFor(i, terminalId),
    });
    const text = await res.text();
    return { status: res.status, id: res.status === 201 ? (JSON.parse(text).id as string) : undefined };
  } catch {
    return { status: 0, id: undefined }; // the connection died with the server
  }
}

async function runCrash(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-crash-'));
  const port = String(await freePort());
  const env = {
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const t0 = Date.now();
  const lap = (what: string) => process.env.CRASH_TIMING && console.log(what, Date.now() - t0);
  let server = await startServer(env);
  lap('started');
  try {
    const { keyAuth, terminalId } = await setUp(server.origin);
    const acknowledged = new Map<number, string>();
    let answered = 0;
    let killing: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: CREATES }, async (_, i) => {
        const r = await createOne(server.origin, keyAuth, terminalId, i);
        if (r.id) acknowledged.set(i, r.id);
        answered++;
        if (answered >= KILL_AFTER && !killing) killing = killHard(server);
      }),
    );
    await killing;
    lap(`killed after ${acknowledged.size}`);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(CREATES); // the kill really happened midway

    server = await startServer(env);
    lap('restarted');
    // Replaying every key: acknowledged ones answer the same id; the rest create (or replay) once.
    const replayed = new Map<number, string>();
    for (let start = 0; start < CREATES; start += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, CREATES - start) }, (_, j) =>
          createOne(server.origin, keyAuth, terminalId, start + j),
        ),
      );
      batch.forEach((r, j) => {
        expect(r.status).toBe(201);
        replayed.set(start + j, r.id!);
      });
    }
    for (const [i, id] of acknowledged) expect(replayed.get(i)).toBe(id);
    expect(new Set(replayed.values()).size).toBe(CREATES);
    lap('replayed');
    await stopGracefully(server);
    // Every acknowledged create is in the database, with exactly one row per key.
    const counts = await countRows(databaseUrl, path.join(dataDir, 'pglite'));
    expect(counts).toMatchObject({ txns: CREATES, keys: CREATES, answered: CREATES });
    const ids = new Set(counts.ids);
    for (const [, id] of acknowledged) expect(ids.has(id), id).toBe(true);
  } finally {
    await stopGracefully(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const COUNT_SQL = `select (select count(*) from transactions)::int as txns,
  (select count(*) from idempotency_keys)::int as keys,
  (select count(distinct response_body->>'id') from idempotency_keys)::int as answered`;

async function countRows(databaseUrl: string | undefined, pgliteDir: string) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(COUNT_SQL);
      const ids = await client.query('select id from transactions');
      return { ...rows[0], ids: ids.rows.map((r) => r.id as string) };
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(pgliteDir);
  try {
    const { rows } = await db.query<{ txns: number; keys: number; answered: number }>(COUNT_SQL);
    const ids = await db.query<{ id: string }>('select id from transactions');
    return { ...rows[0]!, ids: ids.rows.map((r) => r.id) };
  } finally {
    await db.close();
  }
}

describe('crash safety of transaction creates (kill -9 during 2,000 concurrent creates)', () => {
  const databases: string[] = [];
  afterAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it(process.env.DATABASE_URL ? 'on PostgreSQL' : 'on embedded PGlite', async () => {
    let url: string | undefined;
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const name = `scanline_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      databases.push(name);
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      url = u.toString();
    }
    await runCrash(url);
  }, 420_000);
});
