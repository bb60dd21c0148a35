import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { rowsOf } from './sql-rows';

/**
 * Read-your-writes with read replicas. After a caller's write succeeds, and
 * before its answer leaves, the primary's WAL position is stored per caller in
 * `caller_write_positions` (one small upsert, on the primary every app replica shares). A read
 * that may go to a replica first looks that position up: a replica that has not replayed it is
 * skipped for that caller until it has, or until REPLICA_MAX_LAG_SECONDS have passed since the
 * write (by then every replica still in use has replayed it, or was dropped for lagging). So a
 * caller sees its own writes on whichever app replica its next request lands on; other
 * callers may read up to the lag limit behind.
 *
 * A table rather than a signed cookie or header: API keys and devices send no cookies, and a
 * table needs nothing from clients. Its cost is one upsert per write and one primary read by
 * key per replica-eligible read (run beside the read itself: readOnReplica), only when
 * DATABASE_REPLICA_URL is set.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One key per user, API key or paired device; undefined for anonymous requests. */
export function callerKeyOf(request: FastifyRequest): string | undefined {
  const device = (request as { device?: { terminalId: string } | null }).device;
  if (device) return `device:${device.terminalId}`;
  const auth = request.auth;
  if (!auth) return undefined;
  return auth.kind === 'api_key' ? `key:${auth.keyId}` : `user:${auth.uid}`;
}

/** Records each caller's write position; a no-op without read replicas. */
export function installReadYourWrites(app: FastifyInstance) {
  const { database } = app.ctx;
  if (!database.replicas) return;
  const db = database.db;
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    const caller = callerKeyOf(request);
    if (!caller) return payload;
    try {
      await db.execute(sql`
        insert into caller_write_positions (caller, lsn, written_at)
        values (${caller}, pg_current_wal_lsn() - '0/0'::pg_lsn, now())
        on conflict (caller) do update set lsn = excluded.lsn, written_at = excluded.written_at`);
    } catch (error) {
      // The write itself committed; the worst now is this caller reading a lagging replica.
      request.log.warn({ err: error }, 'could not record the write position for read-your-writes');
    }
    return payload;
  });
}

/** The caller's last write position if it is recent enough to matter, read on the primary. */
async function mustSeeOf(db: Db, caller: string, maxLagSeconds: number): Promise<bigint | undefined> {
  const [row] = await rowsOf<{ lsn: string }>(
    db,
    sql`select lsn::text as lsn from caller_write_positions
        where caller = ${caller} and written_at > now() - make_interval(secs => ${maxLagSeconds})`,
  );
  return row ? BigInt(row.lsn) : undefined;
}

/**
 * Runs a read that may lag (lists, exports, the dashboard, search, request logs, events,
 * audit) on a fresh replica while the caller's write position is looked up on the primary,
 * side by side, so the lookup's round trip does not add to every replica read. In the rare
 * case the replica had not replayed the caller's last write, its answer is dropped and the
 * read runs again where it has (reads have no side effects). Without replicas, or with none
 * fresh: on the primary, with no lookup.
 */
export async function readOnReplica<T>(request: FastifyRequest, read: (db: Db) => Promise<T>): Promise<T> {
  const { database } = request.server.ctx;
  const replicas = database.replicas;
  const first = replicas?.pick();
  if (!replicas || !first) return read(database.db);
  const caller = callerKeyOf(request);
  if (!caller) return read(first.db);
  // `first.replayed` was taken before the read starts: its snapshot holds at least that much.
  // (A poll landing during the read could show more than the read saw.)
  const attempt = read(first.db);
  // Handled now: it may fail before the lookup answers, and may not be awaited at all.
  attempt.catch(() => undefined);
  const mustSee = await mustSeeOf(database.db, caller, replicas.maxLagSeconds);
  if (mustSee === undefined || first.replayed >= mustSee) return attempt;
  return read(replicas.pick(mustSee)?.db ?? database.db);
}
