import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { rowsOf } from '../../platform/sql-rows';
import { presentClose } from '../presenters/books';
import { sendCloseReport } from './close-report-email';
import { tookEffect } from './close-totals';
import { makeClose } from './make-close';

interface DueRow {
  project_id: string;
  terminal_id: string;
  daily_close_time: string;
  due_ms: string | number;
}

/**
 * The scheduled close: for every project with a `daily_close_time`, the last time
 * that clock time came round in the project's zone (today's if passed, else yesterday's: DST is
 * PostgreSQL's to resolve) is the due instant. Every terminal with a payment or refund between its
 * last close and that instant gets a close; a terminal with no activity gets none (no zero reports
 * from the schedule). Stateless: after the close, nothing is left before the due instant, so the
 * next pass finds nothing; a server that was down catches up on its first pass. `makeClose`
 * re-checks under the terminal's lock, so replicas racing here make one close.
 */
export async function runScheduledCloses(
  ctx: AppContext,
  log?: { error: (o: object, m: string) => void },
): Promise<number> {
  const db = ctx.database.db;
  const now = ctx.now();
  const due = await rowsOf<DueRow>(
    db,
    sql`with p as (
          select id, daily_close_time,
                 case when ((${now}::timestamptz at time zone time_zone)::date + daily_close_time::time) at time zone time_zone <= ${now}::timestamptz
                      then ((${now}::timestamptz at time zone time_zone)::date + daily_close_time::time) at time zone time_zone
                      else ((${now}::timestamptz at time zone time_zone)::date - 1 + daily_close_time::time) at time zone time_zone
                 end as due
          from projects where daily_close_time is not null and deleted_at is null
        )
        select p.id as project_id, tr.id as terminal_id, p.daily_close_time,
               (extract(epoch from p.due) * 1000)::float8 as due_ms
        from p join terminals tr on tr.project_id = p.id
        left join lateral (
          select closed_at from closes c where c.terminal_id = tr.id order by c.number desc limit 1
        ) last on true
        where exists (
            select 1 from transactions t
            where t.terminal_id = tr.id and t.project_id = p.id and t.succeeded_at is not null
              and t.succeeded_at >= coalesce(last.closed_at, '-infinity'::timestamptz) and t.succeeded_at < p.due)
          or exists (
            select 1 from refunds r join transactions t on t.id = r.transaction_id
            where r.project_id = p.id and t.terminal_id = tr.id and ${tookEffect}
              and r.succeeded_at >= coalesce(last.closed_at, '-infinity'::timestamptz) and r.succeeded_at < p.due)
          -- A refund that failed after succeeding is counted back by a close too.
          or exists (
            select 1 from refunds r join transactions t on t.id = r.transaction_id
            where r.project_id = p.id and t.terminal_id = tr.id and r.succeeded_at is not null
              and r.reversed_at >= coalesce(last.closed_at, '-infinity'::timestamptz) and r.reversed_at < p.due)
        order by p.id, tr.id`,
  );
  let made = 0;
  for (const row of due) {
    try {
      const result = await makeClose(db, {
        projectId: row.project_id,
        terminalId: row.terminal_id,
        closedBy: { kind: 'schedule', id: null, label: `daily close at ${row.daily_close_time}` },
        now: ctx.now,
        dueBefore: new Date(Math.round(Number(row.due_ms))),
      });
      if (!result || 'replay' in result) continue;
      made += 1;
      await sendCloseReport(ctx, presentClose(result.close, result.terminalLabel), log);
    } catch (error) {
      // One terminal's failure must not cost the others their close.
      log?.error({ err: error, terminal_id: row.terminal_id }, 'scheduled close failed');
    }
  }
  return made;
}
