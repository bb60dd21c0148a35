import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/harness';
import { canMakeCluster, makeStreamingPair } from '../test/own-postgres';
import { openPostgresBus } from './bus';
import { isDatabaseUnavailable } from './database-unavailable';
import { type Database, openDatabase } from './db';
import { startReadReplicas } from './read-replicas';
import { rowsOf } from './sql-rows';

/**
 * What the application meets while Patroni fails over (deploy/patroni): connections to a leader
 * that became a standby, a LISTEN that lands on a standby, and a new timeline whose positions
 * start below what the old leader wrote. scripts/failover-test.sh plays the whole failover.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.DATABASE_URL)('a connection to a leader that became a standby', () => {
  let database: Database;

  afterAll(async () => {
    await database?.close();
  });

  it('leaves the pool after refusing a write, so the next transaction connects anew', async () => {
    // Every transaction read-only, as on a standby: writes fail with 25006.
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const write = database.db.transaction(async (tx) => {
      await tx.execute(sql`create table scanline_failover_never (id int)`);
    });
    await expect(write).rejects.toMatchObject({ cause: { code: '25006' } });
    await sleep(50);
    const main = database.poolStats?.().find((p) => p.pool === 'main');
    expect(main?.total).toBe(0);
    // Reads still work, on a new connection.
    await database.db.execute(sql`select 1`);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a connection dropped inside a transaction', () => {
  let database: Database;

  afterAll(async () => {
    await database?.close();
  });

  it('fails that transaction as unavailable and does not end the process', async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    // Vitest reports an uncaught error after the fact; listening here makes the test say so.
    process.prependListener('uncaughtException', onUncaught);
    try {
      const work = database.db.transaction(async (tx) => {
        const [row] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // The leader dies while this transaction holds its connection between two statements.
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [row!.pid]);
        await admin.end();
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      const error = await work.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(uncaught).toEqual([]);
      // The pool carries on with a new connection.
      await database.db.execute(sql`select 1`);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL || !canMakeCluster())('LISTEN on a standby', () => {
  let pair: ReturnType<typeof makeStreamingPair>;

  beforeAll(async () => {
    pair = makeStreamingPair(await freePort(), await freePort());
  }, 120_000);

  afterAll(() => {
    pair?.destroy();
  });

  it('keeps retrying without leaving a connection open per attempt', async () => {
    const pool = new pg.Pool({ connectionString: pair.standbyUrl, max: 1 });
    pool.on('error', () => {});
    const bus = await openPostgresBus(pair.standbyUrl, pool);
    // The first attempt and two retries (one per second) were refused "during recovery".
    await sleep(2_500);
    const open = pair.psql(
      pair.standbyUrl,
      "select count(*) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    await bus.close();
    await pool.end();
    expect(Number(open)).toBe(0);
  });
});

describe('read replicas across a new timeline', () => {
  it('a replica following the new leader is fresh at once, not behind what the old one never sent', async () => {
    let primary = { lsn: '0/5000', timeline: '00000001' };
    let replayed = '0/5000';
    const fake = (rows: () => unknown[]) =>
      ({ query: async () => ({ rows: rows() }), end: async () => {} }) as unknown as pg.Pool;
    const replicas = startReadReplicas({
      primary: fake(() => [primary]),
      maxLagSeconds: 0.05,
      replicas: [
        {
          name: 'standby',
          pool: fake(() => []),
          probe: fake(() => [{ lsn: replayed }]),
          db: 'standby',
        },
      ],
    });
    try {
      await replicas.poll();
      expect(replicas.pick()?.db).toBe('standby');
      // The old leader writes what never reaches the standby, then dies.
      primary = { lsn: '0/6000', timeline: '00000001' };
      await replicas.poll();
      // The standby is promoted elsewhere; this one follows the new leader on timeline 2.
      await sleep(300);
      primary = { lsn: '0/5800', timeline: '00000002' };
      replayed = '0/5800';
      await replicas.poll();
      expect(replicas.status()[0]).toMatchObject({ up: true, lagSeconds: 0 });
      expect(replicas.pick()?.db).toBe('standby');
    } finally {
      await replicas.close();
    }
  });
});
