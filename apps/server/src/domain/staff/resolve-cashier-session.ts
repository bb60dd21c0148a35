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
 * The cashier behind a `Cashier-Session` header on this terminal (issue 26 §2), checked in the
 * database on every request by one guarded UPDATE: the session must be open, on this terminal,
 * used within the project's `cashier_idle_minutes`, and its staff member enabled. The same
 * statement moves last_seen_at (the idle clock) or, when the idle time passed, ends it. Being in
 * the database, a sign-out, a disable or a delete on one replica is seen by every other at once.
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
  }>(
    db,
    sql`
    with found as (
      select s.id, s.staff_id, st.name, st.role,
        s.last_seen_at > ${opts.now}::timestamptz - make_interval(mins => p.cashier_idle_minutes) as live
      from cashier_sessions s
      join staff st on st.id = s.staff_id and st.project_id = s.project_id and st.disabled_at is null
      join projects p on p.id = s.project_id
      where s.token_hash = ${hash} and s.project_id = ${opts.projectId} and s.terminal_id = ${opts.terminalId}
        and s.ended_at is null
      for update of s
    ), touched as (
      update cashier_sessions c
      set last_seen_at = case when f.live then greatest(c.last_seen_at, ${opts.now}::timestamptz) else c.last_seen_at end,
        ended_at = case when f.live then null else ${opts.now}::timestamptz end,
        ended_reason = case when f.live then null else 'idle' end
      from found f where c.id = f.id
    )
    select * from found`,
  );
  if (!row) throw cashierRequired('This cashier session ended; sign in again.');
  if (!row.live) throw cashierRequired('This cashier session ended after the idle time; sign in again.');
  return { sessionId: row.id, id: row.staff_id, name: row.name, role: row.role };
}
