import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';

/** How far back a reconnecting live stream may catch up (as the device stream: 15 minutes). */
export const LIVE_REPLAY_MINUTES = 15;

/** One transaction's latest change, as the console's live stream announces it. */
export interface LiveTransactionChange {
  id: string;
  status: string;
  /** The status-history row's id: the stream's event id (ids only grow). */
  changeId: number;
}

/** The newest status change of any project: where a fresh live stream starts counting. */
export async function latestTransactionChangeId(db: Db): Promise<number> {
  const [row] = await rowsOf<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from transaction_status_changes`,
  );
  return Number(row?.id ?? 0);
}

/** The newest change of one transaction of this project (0 when it has none, or is not the project's). */
export async function transactionChangeId(
  db: Db,
  opts: { projectId: string; transactionId: string },
): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id::text as id from transaction_status_changes
        where transaction_id = ${opts.transactionId} and project_id = ${opts.projectId}
        order by id desc limit 1`,
  );
  return Number(row?.id ?? 0);
}

/**
 * The project's transactions changed after the change `afterChangeId` (a live stream's
 * `Last-Event-ID`), each once with its current status, oldest change first; `null` when that
 * change is unknown or older than the replay window (the caller re-reads everything instead).
 * The scan is on the history's primary key from that id, so it reads at most the window's rows.
 */
export async function transactionChangesSince(
  db: Db,
  opts: { projectId: string; afterChangeId: number; now: Date },
): Promise<LiveTransactionChange[] | null> {
  const windowStart = new Date(opts.now.getTime() - LIVE_REPLAY_MINUTES * 60_000);
  const [from] = await rowsOf<{ created_at: string | Date }>(
    db,
    sql`select created_at from transaction_status_changes where id = ${opts.afterChangeId}`,
  );
  if (!from || new Date(from.created_at) < windowStart) return null;
  const rows = await rowsOf<{ id: string; status: string; change_id: string }>(
    db,
    sql`select distinct on (c.transaction_id) c.transaction_id as id, t.status, c.id::text as change_id
        from transaction_status_changes c
        join transactions t on t.id = c.transaction_id and t.project_id = c.project_id
        where c.id > ${opts.afterChangeId} and c.project_id = ${opts.projectId}
        order by c.transaction_id, c.id desc`,
  );
  return rows
    .map((r) => ({ id: r.id, status: r.status, changeId: Number(r.change_id) }))
    .sort((a, b) => a.changeId - b.changeId);
}
