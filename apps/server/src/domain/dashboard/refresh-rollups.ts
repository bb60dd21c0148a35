import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import { insertItemBuckets } from './item-buckets';
import {
  type Bucketing,
  bucketOf,
  clustersOf,
  type Grain,
  insertBuckets,
  recomputeBuckets,
} from './recompute-buckets';

/**
 * The minimum overlap when rescanning changes. Rows carry `updated_at` from the writer's clock
 * at the start of its work, and commit later, in any order: a row stamped 12:00:00 may become
 * visible after the job already read up to 12:00:05. Every change committed after the previous
 * run started is found again as long as it was stamped no earlier than (previous start −
 * overlap); the overlap is widened to the oldest open database transaction when PostgreSQL
 * can tell us (a writer still open since before that), and 5 minutes also covers clock skew
 * between replicas. Re-reading a bucket twice costs a recompute, never a wrong figure.
 */
export const MIN_OVERLAP_MS = 5 * 60 * 1000;
const BATCH = 400;
const WATERMARK = 'dashboard';

/** The project's bucketing: its zone and the zone's UTC offset modulo one hour. */
export const bucketingSql = (tz: SQL) =>
  sql`(((-(extract(epoch from (now() at time zone ${tz}) - (now() at time zone 'UTC')) / 60)::int % 60) + 60) % 60)`;

async function ensureState(db: Db, projectIds: string[]): Promise<Map<string, Bucketing>> {
  const ids = JSON.stringify(projectIds);
  // A project that changed zone is rebuilt in its new zone (its buckets no longer align).
  const changed = await rowsOf<{ project_id: string }>(
    db,
    sql`select s.project_id from rollup_state s join projects p on p.id = s.project_id
        where s.time_zone <> p.time_zone and s.project_id in (select jsonb_array_elements_text(${ids}::jsonb))`,
  );
  for (const { project_id } of changed) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from dashboard_rollups where project_id = ${project_id}`);
      await tx.execute(sql`delete from cashier_rollups where project_id = ${project_id}`);
      await tx.execute(sql`delete from tender_rollups where project_id = ${project_id}`);
      await tx.execute(sql`delete from item_rollups where project_id = ${project_id}`);
      await tx.execute(sql`delete from rollup_state where project_id = ${project_id}`);
    });
    await rebuildProjectRollups(db, project_id);
  }
  await db.execute(sql`
    insert into rollup_state (project_id, time_zone, origin_minutes)
    select p.id, p.time_zone, ${bucketingSql(sql`p.time_zone`)}
    from projects p where p.id in (select jsonb_array_elements_text(${ids}::jsonb))
    on conflict (project_id) do nothing`);
  const rows = await rowsOf<{ project_id: string; time_zone: string; origin_minutes: number }>(
    db,
    sql`select project_id, time_zone, origin_minutes from rollup_state
        where project_id in (select jsonb_array_elements_text(${ids}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.project_id, { timeZone: r.time_zone, originMinutes: r.origin_minutes }]));
}

export async function projectBucketing(db: Db, projectId: string): Promise<Bucketing> {
  // The common case in one read: state present and still in the project's zone.
  const [known] = await rowsOf<{ time_zone: string; origin_minutes: number }>(
    db,
    sql`select s.time_zone, s.origin_minutes from rollup_state s join projects p on p.id = s.project_id
        where s.project_id = ${projectId} and s.time_zone = p.time_zone`,
  );
  if (known) return { timeZone: known.time_zone, originMinutes: known.origin_minutes };
  const state = await ensureState(db, [projectId]);
  const b = state.get(projectId);
  if (!b) throw new Error(`No project ${projectId}`);
  return b;
}

/** Recomputes buckets in batches, one database transaction each, serialised per project. */
async function recomputeAll(
  db: Db,
  projectId: string,
  grain: Grain,
  bucketing: Bucketing,
  starts: string[],
  onBatch?: () => void,
) {
  for (const batch of clustersOf(starts, 86_400_000, BATCH)) {
    await db.transaction(async (tx) => {
      // Two replicas recomputing the same project wait for each other instead of racing the
      // delete-then-insert (both would compute the same rows anyway).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rollups'), hashtext(${projectId}))`);
      await recomputeBuckets(tx, { projectId, grain, bucketing, starts: batch });
    });
    onBatch?.();
  }
}

/** Raw rows per slice of a full rebuild: big enough that statements are few, small enough that
 * each slice's aggregation stays in memory. */
const REBUILD_SLICE_ROWS = 250_000;
const HOUR_MS = 3_600_000;

/**
 * Every bucket of a project: after a bulk load (demo seed) or a zone change. Set-based: the
 * project's time range is cut into slices of about REBUILD_SLICE_ROWS raw rows on hour-bucket
 * edges, each slice's hours inserted by one INSERT … SELECT … GROUP BY per table (an index
 * range over created_at); days are then summed from the hours in one statement per table (local
 * days are whole runs of aligned hour buckets, and the histograms add up). One database
 * transaction: readers see the old rollups until the new ones are complete.
 */
export async function rebuildProjectRollups(
  db: Db,
  projectId: string,
  opts: { /** Test hook: raw rows per slice. */ sliceRows?: number } = {},
): Promise<void> {
  const bucketing = await projectBucketing(db, projectId);
  const hour = (ts: SQL) => bucketOf('hour', bucketing, ts);
  // The first hour bucket, the last instant, and how many raw rows lie between.
  const [span] = await rowsOf<{ lo: string | null; hi: string | null; n: number }>(
    db,
    sql`with t as (
          select min(created_at) as lo, max(created_at) as hi, count(*)::float8 as n from transactions
          where project_id = ${projectId}
          union all select min(created_at), max(created_at), count(*)::float8 from refunds where project_id = ${projectId}
          union all select min(created_at), max(created_at), count(*)::float8 from scans where project_id = ${projectId}
        )
        select to_char(${hour(sql`min(lo)`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lo,
          to_char(max(hi) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as hi, sum(n)::float8 as n from t`,
  );
  const slices: { lo: string; hi: string }[] = [];
  if (span?.lo && span.hi) {
    const lo = Date.parse(span.lo);
    const hi = Date.parse(span.hi);
    const hours = Math.floor((hi - lo) / HOUR_MS) + 1;
    // Whole hours per slice, assuming rows spread evenly (uneven spreads only make slices uneven).
    const perSlice = opts.sliceRows ?? REBUILD_SLICE_ROWS;
    const step = Math.max(1, Math.floor((hours * perSlice) / Math.max(1, span.n))) * HOUR_MS;
    for (let t = lo; t <= hi; t += step) {
      slices.push({ lo: new Date(t).toISOString(), hi: new Date(t + step).toISOString() });
    }
  }
  const day = bucketOf('day', bucketing, sql`bucket_start`);
  await db.transaction(async (tx) => {
    // Serialised with the job's recomputes of this project (see recomputeAll).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rollups'), hashtext(${projectId}))`);
    await tx.execute(sql`delete from dashboard_rollups where project_id = ${projectId}`);
    await tx.execute(sql`delete from cashier_rollups where project_id = ${projectId}`);
    await tx.execute(sql`delete from tender_rollups where project_id = ${projectId}`);
    await tx.execute(sql`delete from item_rollups where project_id = ${projectId}`);
    for (const slice of slices)
      await insertBuckets(tx, { projectId, grain: 'hour', bucketing, scope: slice });
    await tx.execute(sql`
      insert into dashboard_rollups (project_id, grain, terminal_id, currency, bucket_start, test,
        transactions, succeeded, failed, volume, refunds, refunded_amount, declined_attempts, rescued, declines,
        scans, scans_paid, scan_to_pay)
      with h as (
        select terminal_id, currency, test, ${day} as b, transactions, succeeded, failed, volume, refunds,
          refunded_amount, declined_attempts, rescued, declines, scans, scans_paid, scan_to_pay
        from dashboard_rollups where project_id = ${projectId} and grain = 'hour'
      ), sums as (
        select terminal_id, currency, test, b, sum(transactions) as transactions, sum(succeeded) as succeeded,
          sum(failed) as failed, sum(volume) as volume, sum(refunds) as refunds, sum(refunded_amount) as refunded_amount,
          sum(declined_attempts) as declined_attempts, sum(rescued) as rescued,
          sum(scans) as scans, sum(scans_paid) as scans_paid
        from h group by terminal_id, currency, test, b
      ), dec as (
        select terminal_id, currency, test, b, jsonb_object_agg(k, n) as d from (
          select terminal_id, currency, test, b, e.key as k, sum(e.value::bigint) as n
          from h, jsonb_each_text(h.declines) e group by 1, 2, 3, 4, 5
        ) x group by 1, 2, 3, 4
      ), stp as (
        select terminal_id, currency, test, b, jsonb_object_agg(k, n) as d from (
          select terminal_id, currency, test, b, e.key as k, sum(e.value::bigint) as n
          from h, jsonb_each_text(h.scan_to_pay) e group by 1, 2, 3, 4, 5
        ) x group by 1, 2, 3, 4
      )
      select ${projectId}, 'day', s.terminal_id, s.currency, s.b, s.test, s.transactions, s.succeeded, s.failed,
        s.volume, s.refunds, s.refunded_amount, s.declined_attempts, s.rescued, coalesce(dec.d, '{}'::jsonb),
        s.scans, s.scans_paid, coalesce(stp.d, '{}'::jsonb)
      from sums s
      left join dec on dec.terminal_id = s.terminal_id and dec.currency = s.currency and dec.test = s.test and dec.b = s.b
      left join stp on stp.terminal_id = s.terminal_id and stp.currency = s.currency and stp.test = s.test and stp.b = s.b`);
    await tx.execute(sql`
      insert into cashier_rollups (project_id, grain, terminal_id, currency, bucket_start, test, cashier_id,
        payments_count, gross, tips, last_name, last_at)
      select ${projectId}, 'day', terminal_id, currency, b, test, cashier_id, sum(payments_count),
        sum(gross), sum(tips), (array_agg(last_name order by last_at desc))[1], max(last_at)
      from (
        select terminal_id, currency, ${day} as b, test, cashier_id, payments_count, gross, tips, last_name, last_at
        from cashier_rollups where project_id = ${projectId} and grain = 'hour'
      ) h
      group by terminal_id, currency, b, test, cashier_id`);
    await tx.execute(sql`
      insert into tender_rollups (project_id, grain, terminal_id, currency, bucket_start, test, method, count, amount)
      select ${projectId}, 'day', terminal_id, currency, b, test, method, sum(count), sum(amount)
      from (
        select terminal_id, currency, ${day} as b, test, method, count, amount
        from tender_rollups where project_id = ${projectId} and grain = 'hour'
      ) h
      group by terminal_id, currency, b, test, method`);
    // What was sold is kept per day only: one pass over the project's lines and refund lines.
    if (slices.length > 0)
      await insertItemBuckets(tx, {
        projectId,
        bucketing,
        scope: { lo: slices[0]!.lo, hi: slices[slices.length - 1]!.hi },
      });
  });
}

export interface RefreshOptions {
  /** Test hook: throw after this many recomputed batches (a crash mid-job). */
  crashAfterBatches?: number;
}

/**
 * One incremental pass: finds every bucket touched since the last pass (minus the overlap),
 * recomputes it from raw rows, then advances the watermark. A crash before the watermark moves
 * only means the next pass redoes the same idempotent work.
 */
export async function refreshRollups(db: Db, opts: RefreshOptions = {}): Promise<{ buckets: number }> {
  const [clock] = await rowsOf<{ now: string; oldest: string | null }>(
    db,
    sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now,
          (select to_char(min(xact_start) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
             from pg_stat_activity where datname = current_database() and xact_start is not null
               and pid <> pg_backend_pid()) as oldest`,
  );
  // Writers still open now commit later with older stamps: the next pass starts from the
  // oldest of them (and the overlap on top).
  const runStart = new Date(
    Math.min(new Date(clock!.now).getTime(), clock!.oldest ? new Date(clock!.oldest).getTime() : Infinity),
  );
  const [mark] = await rowsOf<{ since: string }>(
    db,
    sql`select to_char(changed_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as since
        from rollup_watermark where name = ${WATERMARK}`,
  );
  let since = new Date(0);
  if (mark) since = new Date(new Date(mark.since).getTime() - MIN_OVERLAP_MS);
  const changed = await rowsOf<{ project_id: string }>(
    db,
    sql`select distinct project_id from (
          select project_id from transactions where updated_at >= ${since.toISOString()}::timestamptz
          union all select project_id from refunds where updated_at >= ${since.toISOString()}::timestamptz
          union all select project_id from scans where updated_at >= ${since.toISOString()}::timestamptz
        ) x`,
  );
  const state = await ensureState(
    db,
    changed.map((c) => c.project_id),
  );
  let buckets = 0;
  let batches = 0;
  const onBatch = () => {
    batches += 1;
    if (opts.crashAfterBatches !== undefined && batches >= opts.crashAfterBatches) {
      throw new Error('simulated crash in the rollup job');
    }
  };
  for (const [projectId, bucketing] of state) {
    for (const grain of ['hour', 'day'] as const) {
      const at = sql`${since.toISOString()}::timestamptz`;
      const rows = await rowsOf<{ b: string }>(
        db,
        sql`select distinct to_char(b at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as b from (
              select ${bucketOf(grain, bucketing, sql`created_at`)} as b from transactions
                where updated_at >= ${at} and project_id = ${projectId}
              union all select ${bucketOf(grain, bucketing, sql`created_at`)} from refunds
                where updated_at >= ${at} and project_id = ${projectId}
              union all select ${bucketOf(grain, bucketing, sql`created_at`)} from scans
                where updated_at >= ${at} and project_id = ${projectId}
            ) x`,
      );
      const starts = rows.map((r) => r.b).sort();
      buckets += starts.length;
      await recomputeAll(db, projectId, grain, bucketing, starts, onBatch);
    }
  }
  await db.execute(sql`
    insert into rollup_watermark (name, changed_since) values (${WATERMARK}, ${runStart.toISOString()}::timestamptz)
    on conflict (name) do update set changed_since = excluded.changed_since`);
  return { buckets };
}
