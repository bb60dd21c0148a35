import type { Cashier } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
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

/**
 * The cashier behind a `Cashier-Session` header on this terminal (issue 26 §2), checked in the
 * database on every request: the session must be open, on this terminal, used within the
 * project's `cashier_idle_minutes`, and its staff member enabled. A read decides; a guarded
 * UPDATE follows only to end an idle session or when the idle clock is a lease old. Being in the
 * database, a sign-out, a disable or a delete on one replica is seen by every other at once.
 */
export async function resolveCashierSession(
  db: Db,
  opts: { projectId: string; terminalId: string; token: string; now: Date },
): Promise<CashierOnDuty> {
  if (!CASHIER_SESSION_PATTERN.test(opts.token)) throw cashierRequired('This cashier session is not valid.');
  const hash = hashCashierSessionToken(opts.token);
  const [row] = await rowsOf<{
    id: string;
    staff_id: string;
    name: string;
    role: Cashier['role'];
    live: boolean;
    stale: boolean;
  }>(
    db,
    sql`
    select s.id, s.staff_id, st.name, st.role,
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
  return { sessionId: row.id, id: row.staff_id, name: row.name, role: row.role };
}
