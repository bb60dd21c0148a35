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
import { countDbQuery } from './process-metrics';
import { type ReadReplicas, replicaName, startReadReplicas } from './read-replicas';

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
  /**
   * PostgreSQL with DATABASE_REPLICA_URL: the read replicas and their polled lag. Reads go
   * there only through `readOnReplica` (platform/read-your-writes.ts), which knows the caller.
   */
  replicas?: ReadReplicas<Db>;
  /** Applies pending migrations; on PostgreSQL under an advisory lock so replicas can start together. */
  migrate(): Promise<void>;
  /** Rejects when the database does not answer `select 1` within PING_TIMEOUT_MS. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tar (gzipped unless asked otherwise), taken under PGlite's query lock (`backup`). */
  snapshot?(compression?: 'gzip' | 'none'): Promise<Uint8Array>;
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

// A read replica's handle → its primary's main handle (see primaryOf).
const primaries = new WeakMap<object, Db>();

/**
 * The primary's main handle for a read replica's handle; any other handle as it is. Who may
 * read is asked of the primary, through its per-process cache, even when a replica serves the
 * read: a removed member is refused at once, and a cache hit costs no query at all.
 */
export function primaryOf(db: Db): Db {
  return primaries.get(db) ?? db;
}

// Any fixed 64-bit number works; this one spells "scanline" in ASCII.
const MIGRATION_LOCK = 0x7363616e6c696e65n;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /**
   * PostgreSQL itself when `databaseUrl` goes through a pooler in transaction mode (PgBouncer):
   * migrations and their advisory lock, LISTEN, and the queue pool's session settings use it.
   */
  directUrl?: string;
  /** DATABASE_REPLICA_URL: streaming standbys for reads that may lag. */
  replicaUrls?: string[];
  /** REPLICA_MAX_LAG_SECONDS: a replica further behind is skipped. */
  replicaMaxLagSeconds?: number;
  /** PGlite data directory; undefined = in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** PGlite only: refuse new statements once it has made no progress for this long (tests shorten it). */
  busyLimitMs?: number;
  /** PGlite only, in memory: start from this data directory dump (a migrated template) instead of initdb. */
  pgliteLoadDataDir?: Uint8Array<ArrayBuffer>;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts);
  return openPglite(opts.pgliteDir, opts.busyLimitMs ?? PGLITE_BUSY_LIMIT_MS, opts.pgliteLoadDataDir);
}

/**
 * PGlite runs one statement at a time. When one holds it this long (a long transaction, a
 * backup, a stuck query), statements arriving are refused with DatabaseBusyError, which answers
 * `503 database_unavailable` at once, instead of queueing behind it until every client times
 * out ("PGlite busy past a limit").
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
 * How the pools meet a database that went away. A connect that hangs (a black-holed
 * host, PgBouncer waiting for its server) gives up after 3 s and the request answers 503; TCP
 * keep-alive notices a dead peer of an idle connection. Nothing else is needed to come back: a
 * broken client leaves the pool, and the next statement connects anew.
 */
const POOL_FAULTS = { connectionTimeoutMillis: 3_000, keepAlive: true } as const;

/** `/readyz` never waits on a dead connection longer than this (503 within 100 ms). */
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

/**
 * Behind a pooler in transaction mode each statement may run on another server connection, so
 * a statement prepared by name on one (`identity_session_alive`) is missing on the next, or
 * already there when another client prepared it (PgBouncer 1.18 keeps no prepared statements).
 * Sending them unnamed costs a parse per call and works on any connection: Parse, Bind and
 * Execute go out together before one Sync, inside one pooled transaction.
 */
function instrument(target: 'primary' | 'replica', unnamed: boolean) {
  return (client: { query: (...args: never[]) => unknown }) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      countDbQuery(target);
      if (unnamed && config && typeof config === 'object' && 'name' in config && config.name) {
        const { name: _name, ...statement } = config as { name: string };
        return query(statement, ...rest);
      }
      return query(config, ...rest);
    };
  };
}

/**
 * A connection that refused a write as read-only (SQLSTATE 25006) is talking to a standby: the
 * old leader after a failover, or a node the proxy still routed to for a moment. node-postgres's
 * pool drops a client released with an error, which `pool.query` does, but a transaction's
 * client is released without one and would stay, refusing every write it is handed. So the
 * refusal is remembered and handed to the release: the pool connects anew, through the proxy,
 * to the new leader.
 */
function dropWhenReadOnly(client: { query: (...args: never[]) => unknown; release?: unknown }) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (error: unknown) => {
        if ((error as { code?: unknown })?.code !== '25006') return;
        const release = client.release;
        if (typeof release !== 'function') return;
        client.release = (err?: unknown) => (release as (e?: unknown) => void).call(client, err ?? error);
      });
    }
    return result;
  };
}

/**
 * node-postgres's pool listens for a client's errors only while the client is idle in the pool.
 * One checked out — inside a transaction, between two statements — whose connection drops (a
 * leader killed, a backend terminated, PgBouncer or HAProxy cutting it) would emit an `error`
 * nobody hears, and that ends the process. Heard here, the client is merely broken: its next
 * statement fails as unavailable (503), and the pool discards it on release.
 */
const ignoreClientErrors = (client: { on: (event: 'error', listener: () => void) => unknown }) => {
  client.on('error', () => {});
};

async function openPostgres(
  url: string,
  max: number,
  { directUrl, replicaUrls = [], replicaMaxLagSeconds = 5 }: OpenDatabaseOptions,
): Promise<Database> {
  // Loaded only with DATABASE_URL: the embedded default starts without them.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // With a pooler in front (DATABASE_DIRECT_URL set), `url` may keep no session state from one
  // transaction to the next: whatever needs a session of its own connects to `direct`.
  const pooled = directUrl !== undefined && directUrl !== url;
  const direct = directUrl ?? url;
  const pool = new pg.Pool({ connectionString: url, max, ...POOL_FAULTS });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', ignoreClientErrors);
  pool.on('connect', instrument('primary', pooled));
  pool.on('connect', dropWhenReadOnly);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  // Read replicas: pools of their own, never behind the primary's pooler setting (a replica's
  // URL may itself be a PgBouncer: its statements are always sent unnamed).
  const replicas = replicaUrls.length
    ? startReadReplicas<Db>({
        primary: pool,
        maxLagSeconds: replicaMaxLagSeconds,
        replicas: replicaUrls.map((replicaUrl) => {
          // A replica that does not answer quickly is not worth waiting for: the primary is there.
          const replicaPool = new pg.Pool({
            connectionString: replicaUrl,
            max,
            ...POOL_FAULTS,
            connectionTimeoutMillis: 500,
          });
          replicaPool.on('error', () => {});
          replicaPool.on('connect', ignoreClientErrors);
          replicaPool.on('connect', instrument('replica', true));
          const probe = new pg.Pool({
            connectionString: replicaUrl,
            max: 1,
            ...POOL_FAULTS,
            connectionTimeoutMillis: 500,
          });
          probe.on('error', () => {});
          probe.on('connect', ignoreClientErrors);
          const replicaDb = drizzlePg(replicaPool, { schema, casing: 'snake_case' }) as unknown as Db;
          primaries.set(replicaDb, db);
          return { name: replicaName(replicaUrl), pool: replicaPool, probe, db: replicaDb };
        }),
      })
    : undefined;
  const bus = await openPostgresBus(direct, pool);
  // Startup `options` are session settings a pooler refuses (PgBouncer: "unsupported startup
  // parameter"); the queue's three connections per process go straight to PostgreSQL instead.
  const queuePool = new pg.Pool({ connectionString: direct, max: 3, options: QUEUE_SESSION, ...POOL_FAULTS });
  queuePool.on('error', () => {});
  queuePool.on('connect', ignoreClientErrors);
  queuePool.on('connect', dropWhenReadOnly);
  const queueDb = drizzlePg(queuePool, { schema, casing: 'snake_case' }) as unknown as Db;
  buses.set(db, bus);
  buses.set(queueDb, bus);
  return {
    kind: 'postgres',
    db,
    replicas,
    bus,
    queueDb,
    async migrate() {
      // A session-level advisory lock held across many transactions: on the direct connection,
      // since a pooler could hand the unlock to another server connection than the lock.
      const client = new pg.Client({ connectionString: direct, ...POOL_FAULTS });
      // The server going away mid-migration fails the statement; it must not crash the process.
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
        try {
          await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
        }
      } finally {
        await client.end();
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
      await replicas?.close();
      await bus.close();
      await Promise.all([pool.end(), queuePool.end()]);
    },
  };
}

async function openPglite(
  dir: string | undefined,
  busyLimitMs: number,
  loadDataDir: Uint8Array<ArrayBuffer> | undefined,
): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = loadDataDir ? new PGlite(dir, { loadDataDir: new Blob([loadDataDir]) }) : new PGlite(dir);
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
    async snapshot(compression = 'gzip') {
      const tar = await client.dumpDataDir(compression);
      return new Uint8Array(await tar.arrayBuffer());
    },
    async close() {
      await bus.close();
      await client.close();
    },
  };
}
