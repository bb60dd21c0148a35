import { type SQL, sql } from 'drizzle-orm';

/* The bucket arithmetic every rollup table shares (see db/schema/rollups.ts). */

export type Grain = 'hour' | 'day';

/** How a project's rollups are bucketed (see db/schema/rollups.ts). */
export interface Bucketing {
  timeZone: string;
  originMinutes: number;
}

/** Statuses whose amount counts as volume: the payment went through (refunds are reported apart). */
export const SUCCEEDED_STATUSES = sql`('succeeded', 'partially_refunded', 'refunded')`;

/** Cap of the scan-to-payment histogram: slower payments count as 3600 s. */
export const SCAN_TO_PAY_CAP_SECONDS = 3600;

/**
 * The histogram bin (its lower bound in whole seconds) of a scan-to-payment time: to the second
 * below 1 minute, 5-second bins to 5 minutes, 30-second bins to an hour. Fewer keys per bucket
 * keep a 90-day median cheap to merge; the median is exact at that resolution.
 */
export function scanToPayBin(interval: SQL): SQL {
  const s = sql`least(${SCAN_TO_PAY_CAP_SECONDS}::int, greatest(0, floor(extract(epoch from ${interval}))))::int`;
  return sql`(case when ${s} < 60 then ${s} when ${s} < 300 then ${s} - ${s} % 5 else ${s} - ${s} % 30 end)`;
}

export const hourOrigin = (b: Bucketing) =>
  sql`('2000-01-01T00:00:00Z'::timestamptz + make_interval(mins => ${b.originMinutes}::int))`;

/** The bucket an instant falls in, for a grain (an index-friendly constant per row). */
export function bucketOf(grain: Grain, b: Bucketing, ts: SQL): SQL {
  return grain === 'hour'
    ? sql`date_bin('1 hour', ${ts}, ${hourOrigin(b)})`
    : sql`(date_trunc('day', ${ts} at time zone ${b.timeZone}) at time zone ${b.timeZone})`;
}

/** The end of the bucket starting at `start` (a local day is 23, 24 or 25 hours). */
function bucketEnd(grain: Grain, b: Bucketing, start: SQL): SQL {
  return grain === 'hour'
    ? sql`(${start} + interval '1 hour')`
    : sql`((((${start}) at time zone ${b.timeZone})::date + 1)::timestamp at time zone ${b.timeZone})`;
}

/**
 * A text key that sorts (byte-wise, collation "C") as `created_at, id`, carrying `name` (null
 * kept apart from ''): `max(key)` is the newest row's, and `nameOfKey` reads its name back.
 */
export const newestKey = (ts: SQL, id: SQL, name: SQL) =>
  sql`((to_char(${ts} at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || ${id} || chr(1)
    || case when ${name} is null then 'N' else 'V' || ${name} end) collate "C")`;

export const nameOfKey = (key: SQL) =>
  sql`(case when substr(${key}, strpos(${key}, chr(1)) + 1, 1) = 'V' then substr(${key}, strpos(${key}, chr(1)) + 2) end)`;

/**
 * Which raw rows a recompute reads: those of the given bucket starts (`starts`, ISO strings of
 * `grain` buckets: the job's incremental pass), or every row in `[lo, hi)` (a slice of a full
 * rebuild; both bounds on bucket edges, so each bucket is whole in exactly one slice).
 */
export type BucketScope = { starts: string[] } | { lo: string; hi: string };

export function scopeFilter(grain: Grain, bucketing: Bucketing, scope: BucketScope): (ts: SQL) => SQL {
  if ('lo' in scope) {
    return (ts) => sql`${ts} >= ${scope.lo}::timestamptz and ${ts} < ${scope.hi}::timestamptz`;
  }
  // The rows are read by one index range scan over [first bucket, end of last bucket) and kept
  // when their bucket is one of `starts`; callers pass runs of nearby buckets (clustersOf).
  const sorted = [...scope.starts].sort();
  const startsJson = JSON.stringify(sorted);
  const lo = sql`${sorted[0]}::timestamptz`;
  const hi = bucketEnd(grain, bucketing, sql`${sorted[sorted.length - 1]}::timestamptz`);
  return (ts) =>
    sql`${ts} >= ${lo} and ${ts} < ${hi} and ${bucketOf(grain, bucketing, ts)} in (
      select s::timestamptz from jsonb_array_elements_text(${startsJson}::jsonb) s)`;
}
