import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { businesses, projects, webhookEndpoints } from '../db/schema';
import { recordEvents } from '../domain/events/record-event';
import { loadConfig } from '../platform/config';
import { seal } from '../platform/crypto/secret-box';
import { openDatabase } from '../platform/db';
import { freePort } from '../test/harness';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';
import { startReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { createWebhookDispatcher } from './webhook-dispatcher';

// At least once across crashes and replicas. The server runs as a child process, as
// in production, and is killed with SIGKILL while it sends; the receiver must end up with
// every event id. Run time is kept modest: 1,000 events, a 3 s lease for the crashed runs.

const EVENTS = 1000;
const secretsKey = randomBytes(32).toString('base64');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function seed(target: { dataDir: string; databaseUrl?: string }, receiverUrl: string) {
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    SECRETS_KEY: secretsKey,
    DATABASE_URL: target.databaseUrl,
  });
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: path.join(target.dataDir, 'pglite'),
  });
  await database.migrate();
  const db = database.db;
  const now = new Date(Date.now() - 60_000);
  await db
    .insert(businesses)
    .values({ id: 'biz_crash', ownerUid: 'u1', name: 'B', country: 'US', defaultCurrency: 'USD' });
  await db.insert(projects).values({
    id: 'prj_crash',
    businessId: 'biz_crash',
    name: 'P',
    timeZone: 'UTC',
    currency: 'USD',
    createdBy: 'u1',
  });
  await db.insert(webhookEndpoints).values({
    id: 'whk_crash',
    projectId: 'prj_crash',
    url: receiverUrl,
    secretEnc: seal(config, `whsec_${randomBytes(24).toString('base64')}`),
    createdBy: 'u1',
    createdAt: now,
    updatedAt: now,
  });
  const ids: string[] = [];
  for (let i = 0; i < EVENTS; i += 250) {
    const rows = Array.from({ length: Math.min(250, EVENTS - i) }, (_, j) => ({
      id: `evt_crash${String(i + j).padStart(5, '0')}`,
      projectId: 'prj_crash',
      type: 'transaction.succeeded',
      objectId: `txn_${i + j}`,
      data: { n: i + j },
      now: new Date(now.getTime() + 1000),
    }));
    await recordEvents(db, rows);
    ids.push(...rows.map((r) => r.id));
  }
  await database.close();
  return ids;
}

async function startServer(env: Record<string, string>): Promise<SpawnedServer> {
  const port = await freePort();
  const server = spawnServer(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      SECRETS_KEY: secretsKey,
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      ...env,
    },
    { baseEnv: { PATH: process.env.PATH ?? '' }, stdout: 'ignore', stderr: 'inherit' },
  );
  cleanups.push(() => server.signal('SIGKILL'));
  return server;
}

const until = async (what: string, check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

function tally(receiver: WebhookReceiver) {
  const byId = new Map<string, Set<string>>();
  for (const r of receiver.received) {
    const id = r.headers['webhook-id'] as string;
    const body = JSON.parse(r.body) as { data: { n: number } };
    byId.set(id, (byId.get(id) ?? new Set()).add(String(body.data.n)));
  }
  return byId;
}

async function newReceiver() {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

async function target() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = process.env.DATABASE_URL;
  if (!server) return { dataDir };
  const name = `scanline_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

describe(`at least once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('1,000 events, the server killed -9 three times while sending: every event id arrives', async () => {
    const receiver = await newReceiver();
    // A little latency, so kills land with sends in flight.
    receiver.respond = () => ({ status: 200 });
    const where = await target();
    const ids = await seed(where, receiver.url);
    const env = {
      DATA_DIR: where.dataDir,
      ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
      WEBHOOK_LEASE_SECONDS: '3',
    };
    for (const threshold of [150, 450, 750]) {
      const server = await startServer(env);
      await until(`${threshold} requests`, () => receiver.received.length >= threshold, 60_000);
      await server.signal('SIGKILL');
    }
    const killedAt = receiver.received.length;
    expect(killedAt).toBeLessThan(EVENTS + 200);
    await startServer(env);
    await until('every event id', () => tally(receiver).size >= EVENTS, 90_000);
    const byId = tally(receiver);
    expect([...byId.keys()].sort()).toEqual(ids);
    // A duplicate only ever repeats the same event under the same webhook-id.
    for (const [id, bodies] of byId) expect(bodies.size, id).toBe(1);
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'three replicas on one PostgreSQL share the work with no duplicates when nothing crashes',
    async () => {
      const receiver = await newReceiver();
      const where = await target();
      const ids = await seed(where, receiver.url);
      // Three app contexts, each with its own pool and LISTEN connection, as three processes have.
      const replicas = await Promise.all(
        [0, 1, 2].map(async () => {
          const config = loadConfig({
            NODE_ENV: 'test',
            DATA_DIR: where.dataDir,
            DATABASE_URL: where.databaseUrl,
            SECRETS_KEY: secretsKey,
            WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
          });
          const database = await openDatabase({ databaseUrl: where.databaseUrl, poolSize: 5 });
          const dispatcher = createWebhookDispatcher(
            { config, database, now: () => new Date() },
            { concurrency: 16 },
          );
          cleanups.push(async () => {
            await dispatcher.stop();
            await database.close();
          });
          return dispatcher;
        }),
      );
      await Promise.all(replicas.map((r) => r.start()));
      await until('every event id', () => tally(receiver).size >= EVENTS, 90_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.received).toHaveLength(EVENTS);
      expect([...tally(receiver).keys()].sort()).toEqual(ids);
    },
    120_000,
  );
});
