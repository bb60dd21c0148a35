import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isSessionAlive } from '../identity/sessions/session-alive';
import { BUS_CHANNELS } from './bus';
import { type Database, openDatabase } from './db';
import { rowsOf } from './sql-rows';

/**
 * DATABASE_URL through PgBouncer in transaction mode, DATABASE_DIRECT_URL straight
 * at PostgreSQL (`scripts/pgbouncer-test.sh` sets both; `.ci/run` runs this file that way).
 * Without a pooler the same checks hold against PostgreSQL alone.
 */
const serverUrl = process.env.DATABASE_URL;
const directServerUrl = process.env.DATABASE_DIRECT_URL;

describe.skipIf(!serverUrl)('PostgreSQL behind a pooler in transaction mode', () => {
  const opened: Database[] = [];
  const name = `scanline_test_${randomBytes(6).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: directServerUrl ?? serverUrl });
  const at = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const open = async (poolSize: number) => {
    const database = await openDatabase({
      databaseUrl: at(serverUrl ?? ''),
      directUrl: directServerUrl ? at(directServerUrl) : undefined,
      poolSize,
    });
    opened.push(database);
    return database;
  };

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => {})));
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('three replicas migrate an empty database at once: one applies, the others wait on the lock', async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const replicas = await Promise.all([open(5), open(5), open(5)]);
    await Promise.all(replicas.map((r) => r.migrate()));
    const [first] = replicas;
    const [applied] = await rowsOf<{ n: number; distinct: number }>(
      first!.db,
      sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(applied!.n).toBeGreaterThan(0);
    expect(applied!.n).toBe(applied!.distinct);
  });

  it('named prepared statements run from many connections at once, on two replicas', async () => {
    const [a, b] = opened;
    // Far more concurrent executions than pooled server connections: under PgBouncer 1.18 a
    // named statement would meet a server connection where another client prepared it.
    const runs = Array.from({ length: 60 }, (_, i) =>
      isSessionAlive((i % 2 ? a : b)!.db, `ses_${randomBytes(8).toString('hex')}`),
    );
    expect(await Promise.all(runs)).toEqual(runs.map(() => false));
    // And again on the same connections, where a client believes its statement is prepared.
    expect(await isSessionAlive(a!.db, 'ses_again')).toBe(false);
  });

  it('LISTEN on one replica hears NOTIFY from another', async () => {
    const [a, b] = opened;
    const heard = new Promise<Record<string, unknown>>((resolve) => {
      const off = b!.bus.subscribe(BUS_CHANNELS.projects, (message) => {
        off();
        resolve(message);
      });
    });
    await a!.bus.publish(BUS_CHANNELS.projects, { project_id: 'proj_pooler' });
    expect(await heard).toEqual({ project_id: 'proj_pooler' });
  });

  it("the queue pool keeps its session settings; the main pool's transactions see none of them", async () => {
    const [a] = opened;
    const [queue] = await rowsOf<{ synchronous_commit: string }>(a!.queueDb, sql`show synchronous_commit`);
    expect(queue!.synchronous_commit).toBe('off');
    const [main] = await rowsOf<{ synchronous_commit: string }>(a!.db, sql`show synchronous_commit`);
    expect(main!.synchronous_commit).toBe('on');
    await expect(a!.ping()).resolves.toBeUndefined();
  });
});
