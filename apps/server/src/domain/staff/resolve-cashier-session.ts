import type { Cashier } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import { projectCacheOf } from '../projects/project-access-cache';
import { CASHIER_SESSION_PATTERN, hashCashierSessionToken } from './cashier-session-token';

export const cashierRequired = (detail = 'Sign in with a cashier PIN on this terminal first.') =>
  new AppError('cashier_required', detail);

export interface CashierOnDuty extends Cashier {
  sessionId: string;
}

/**
 * How stale the idle clock (`last_seen_at`) may get before a request moves it: a till in use
 * writes at most once a minute, not on every request. The cost:
 * a session may end up to this much before `cashier_idle_minutes` after its very last request.
 */
export const CASHIER_LEASE_MS = 60_000;

/** What this process remembers of an open session it read (keyed by the token's hash, owned by its project). */
interface CachedSession {
  cashier: CashierOnDuty;
  projectId: string;
  terminalId: string;
  /** `last_seen_at` as this process last read or wrote it. */
  lastSeenMs: number;
  idleMs: number;
}

/**
 * The cashier behind a `Cashier-Session` header on this terminal: the session must
 * be open, on this terminal, used within the project's `cashier_idle_minutes`, and its staff
 * member enabled. A read decides; a guarded UPDATE follows only to end an idle session or when
 * the idle clock is a lease old.
 *
 * An open session once read is kept in the per-process project cache (AUTH_CACHE_SECONDS), so a
 * till's requests between two lease renewals read nothing. Everything that ends a session —
 * sign-out, another cashier signing in, a PIN, role or idle-time change, a disabled or deleted
 * staff member, an unpaired terminal — calls `projectAccessChanged` after its commit, which
 * drops the project's entries here at once and on every other replica over the change bus
 * (PostgreSQL LISTEN/NOTIFY); a replica whose LISTEN connection dropped forgets everything.
 * The idle and lease clocks are checked against the remembered `last_seen_at`: past either,
 * the database decides again. See docs/guide/cashiers.md.
 */
export async function resolveCashierSession(
  db: Db,
  opts: { projectId: string; terminalId: string; token: string; now: Date },
): Promise<CashierOnDuty> {
  if (!CASHIER_SESSION_PATTERN.test(opts.token)) throw cashierRequired('This cashier session is not valid.');
  const hash = hashCashierSessionToken(opts.token);
  const now = opts.now.getTime();
  const cache = projectCacheOf<CachedSession>(db, 'cashier_sessions');
  const hit = cache?.get(hash);
  if (
    hit &&
    hit.projectId === opts.projectId &&
    hit.terminalId === opts.terminalId &&
    now - hit.lastSeenMs < hit.idleMs &&
    now - hit.lastSeenMs <= CASHIER_LEASE_MS
  )
    return hit.cashier;
  const generation = cache?.begin() ?? 0;
  const [row] = await rowsOf<{
    id: string;
    staff_id: string;
    name: string;
    role: Cashier['role'];
    live: boolean;
    stale: boolean;
    last_seen_ms: number | string;
    idle_minutes: number;
  }>(
    db,
    sql`
    select s.id, s.staff_id, st.name, st.role, p.cashier_idle_minutes as idle_minutes,
      (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
      s.last_seen_at > ${opts.now}::timestamptz - make_interval(mins => p.cashier_idle_minutes) as live,
      s.last_seen_at < ${opts.now}::timestamptz - make_interval(secs => ${CASHIER_LEASE_MS / 1000}) as stale
    from cashier_sessions s
    join staff st on st.id = s.staff_id and st.project_id = s.project_id and st.disabled_at is null
    join projects p on p.id = s.project_id
    where s.token_hash = ${hash} and s.project_id = ${opts.projectId} and s.terminal_id = ${opts.terminalId}
      and s.ended_at is null`,
  );
  if (!row) throw cashierRequired('This cashier session ended; sign in again.');
  if (!row.live) {
    await db.execute(sql`
      update cashier_sessions set ended_at = ${opts.now}::timestamptz, ended_reason = 'idle'
      where id = ${row.id} and ended_at is null`);
    throw cashierRequired('This cashier session ended after the idle time; sign in again.');
  }
  if (row.stale)
    await db.execute(sql`
      update cashier_sessions set last_seen_at = greatest(last_seen_at, ${opts.now}::timestamptz)
      where id = ${row.id} and ended_at is null`);
  const cashier: CashierOnDuty = { sessionId: row.id, id: row.staff_id, name: row.name, role: row.role };
  const lastSeenMs = Number(row.last_seen_ms);
  cache?.set(
    hash,
    opts.projectId,
    {
      cashier,
      projectId: opts.projectId,
      terminalId: opts.terminalId,
      lastSeenMs: row.stale ? Math.max(lastSeenMs, now) : lastSeenMs,
      idleMs: row.idle_minutes * 60_000,
    },
    generation,
  );
  return cashier;
}
