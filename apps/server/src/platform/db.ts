import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from '../db/schema';
import { type Bus, inProcessBus, openPostgresBus } from './bus';
import { DatabaseBusyError } from './database-unavailable';
import { migrationsFolder } from './paths';

export type Schema = typeof schema;
/** The Drizzle handle domain code receives; a transaction handle has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Change notifications shared by every replica on this database (LISTEN/NOTIFY, or in-process). */
  bus: Bus;
  /**
   * For work queues whose every step may be redone (the webhook dispatcher: at least once):
   * on PostgreSQL its commits do not wait for the WAL flush (`synchronous_commit = off`), so a
   * machine crash can lose its last few hundred milliseconds — which only means sending those
   * deliveries again. Never for payments or anything a client was promised. PGlite: `db`.
   */
  queueDb: Db;
  /** Applies pending migrations; on PostgreSQL under an advisory lock so replicas can start together. */
  migrate(): Promise<void>;
  /** Rejects when the database does not answer `select 1` within PING_TIMEOUT_MS. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tar, taken under PGlite's query lock (`backup`). */
  snapshot?(): Promise<Uint8Array>;
  /** PostgreSQL only: this process's connection pools right now (the metrics gauge reads it). */
  poolStats?(): { pool: 'main' | 'queue'; total: number; idle: number; waiting: number }[];
}

export { migrationsFolder };

// Which bus belongs to a Drizzle handle: domain code holds only `Db`, yet must tell the other
// replicas after a write that their caches are stale (`projectAccessChanged`).
const buses = new WeakMap<object, Bus>();

/** The change bus of the database this (non-transaction) handle talks to, if opened here. */
export function busOf(db: Db): Bus | undefined {
  return buses.get(db);
}

// Any fixed 64-bit number works; this one spells "scanline" in ASCII.
const MIGRATION_LOCK = 0x7363616e6c696e65n;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** PGlite only: refuse new statements once it has made no progress for this long (tests shorten it). */
  busyLimitMs?: number;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.pgliteDir, opts.busyLimitMs ?? PGLITE_BUSY_LIMIT_MS);
}

/**
 * PGlite runs one statement at a time. When one holds it this long (a long transaction, a
 * backup, a stuck query), statements arriving are refused with DatabaseBusyError, which answers
 * `503 database_unavailable` at once, instead of queueing behind it until every client times
 * out (issue 30: "PGlite busy past a limit").
 */
export const PGLITE_BUSY_LIMIT_MS = 10_000;

function refuseWhenStuck(client: PGlite, limitMs: number) {
  let pending = 0;
  let lastProgress = Date.now();
  const guard =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      // Refused before it starts: nothing half-done, a retry is safe.
      if (pending > 0 && Date.now() - lastProgress > limitMs) {
        throw new DatabaseBusyError(`PGlite has made no progress for over ${limitMs} ms`);
      }
      if (pending === 0) lastProgress = Date.now();
      pending++;
      try {
        return await run(...args);
      } finally {
        pending--;
        lastProgress = Date.now();
      }
    };
  // Top-level statements and transactions only: those inside a transaction are its own.
  client.query = guard(client.query.bind(client)) as typeof client.query;
  client.transaction = guard(client.transaction.bind(client)) as typeof client.transaction;
}

/**
 * The queue connections' settings. Queue statements touch a few rows by key or the first rows
 * in index order, on pages that are hot: a bitmap or sequential scan would read the whole
 * backlog instead, and a queue's statistics are stale right when it matters (a burst fills it
 * between two ANALYZEs). So bitmap scans are off and random reads cost what cached reads do.
 */
const QUEUE_SESSION = '-c synchronous_commit=off -c enable_bitmapscan=off -c random_page_cost=1.1';

/**
 * How the pools meet a database that went away (issue 30). A connect that hangs (a black-holed
 * host, PgBouncer waiting for its server) gives up after 3 s and the request answers 503; TCP
 * keep-alive notices a dead peer of an idle connection. Nothing else is needed to come back: a
 * broken client leaves the pool, and the next statement connects anew.
 */
const POOL_FAULTS = { connectionTimeoutMillis: 3_000, keepAlive: true } as const;

/** `/readyz` never waits on a dead connection longer than this (issue 30: 503 within 100 ms). */
export const PING_TIMEOUT_MS = 80;

/** Resolves when `work` does, rejects when it fails or takes longer than `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // Loaded only with DATABASE_URL: the embedded default starts without them (issue 18 §2).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max, ...POOL_FAULTS });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  const bus = await openPostgresBus(url, pool);
  const queuePool = new pg.Pool({ connectionString: url, max: 3, options: QUEUE_SESSION, ...POOL_FAULTS });
  queuePool.on('error', () => {});
  const queueDb = drizzlePg(queuePool, { schema, casing: 'snake_case' }) as unknown as Db;
  buses.set(db, bus);
  buses.set(queueDb, bus);
  return {
    kind: 'postgres',
    db,
    bus,
    queueDb,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
        try {
          await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await within(pool.query('select 1'), PING_TIMEOUT_MS);
    },
    poolStats: () =>
      (
        [
          ['main', pool],
          ['queue', queuePool],
        ] as const
      ).map(([name, p]) => ({ pool: name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount })),
    async close() {
      await bus.close();
      await Promise.all([pool.end(), queuePool.end()]);
    },
  };
}

async function openPglite(dir: string | undefined, busyLimitMs: number): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  refuseWhenStuck(client, busyLimitMs);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  const bus = inProcessBus();
  buses.set(db, bus);
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    bus,
    queueDb: db as unknown as Db,
    // PGlite is one in-process connection: nothing else can migrate concurrently.
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async ping() {
      // Behind other statements on PGlite's one connection: busy that long is not ready.
      await within(db.execute(sql`select 1`), PING_TIMEOUT_MS);
    },
    async snapshot() {
      const tar = await client.dumpDataDir('gzip');
      return new Uint8Array(await tar.arrayBuffer());
    },
    async close() {
      await bus.close();
      await client.close();
    },
  };
}
