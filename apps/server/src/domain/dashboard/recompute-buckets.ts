import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import {
  type Bucketing,
  type BucketScope,
  bucketOf,
  type Grain,
  nameOfKey,
  newestKey,
  SUCCEEDED_STATUSES,
  scanToPayBin,
  scopeFilter,
} from './bucket-sql';
import { insertItemBuckets } from './item-buckets';
import { insertTenderBuckets } from './tender-buckets';

export type { Bucketing, BucketScope, Grain };
export { bucketOf, SUCCEEDED_STATUSES, scanToPayBin };

/**
 * Recomputes the given buckets of one project from the raw rows (transactions by created_at,
 * succeeded refunds by their created_at, scans by created_at): delete, then insert what the raw
 * rows say now, in `dashboard_rollups` and `cashier_rollups`. Idempotent, so a crash or a second
 * run changes nothing; run it in a transaction. `starts` must be bucket starts of `grain` (as
 * ISO strings).
 */
export async function recomputeBuckets(
  tx: Db | Tx,
  {
    projectId,
    grain,
    bucketing,
    starts,
  }: { projectId: string; grain: Grain; bucketing: Bucketing; starts: string[] },
): Promise<void> {
  if (starts.length === 0) return;
  const startsJson = JSON.stringify(starts);
  for (const table of [sql`dashboard_rollups`, sql`cashier_rollups`, sql`tender_rollups`]) {
    await tx.execute(sql`
      delete from ${table}
      where project_id = ${projectId} and grain = ${grain}
        and bucket_start in (select jsonb_array_elements_text(${startsJson}::jsonb)::timestamptz)`);
  }
  await insertBuckets(tx, { projectId, grain, bucketing, scope: { starts } });
  // What was sold is kept per day only (docs/guide/item-reports.md).
  if (grain === 'day') {
    await tx.execute(sql`
      delete from item_rollups
      where project_id = ${projectId}
        and bucket_start in (select jsonb_array_elements_text(${startsJson}::jsonb)::timestamptz)`);
    await insertItemBuckets(tx, { projectId, bucketing, scope: { starts } });
  }
}

/**
 * Inserts the rollup rows of `scope` computed from the raw rows (the buckets must hold none
 * yet): one INSERT … SELECT … GROUP BY per table, however many buckets the scope spans.
 */
export async function insertBuckets(
  tx: Db | Tx,
  {
    projectId,
    grain,
    bucketing,
    scope,
  }: { projectId: string; grain: Grain; bucketing: Bucketing; scope: BucketScope },
): Promise<void> {
  if ('starts' in scope && scope.starts.length === 0) return;
  const inScope = scopeFilter(grain, bucketing, scope);
  // `test`: a test payment (`source = 'cli'`) and everything hanging off it (its
  // attempts, refunds, scans) go to their own rows, which the dashboard leaves out unless asked.
  await tx.execute(sql`
    insert into dashboard_rollups (project_id, grain, terminal_id, currency, bucket_start, test,
      transactions, succeeded, failed, volume, refunds, refunded_amount, declined_attempts, rescued, declines,
      scans, scans_paid, scan_to_pay)
    with
    tx as (
      select ${bucketOf(grain, bucketing, sql`t.created_at`)} as bs, t.id, t.terminal_id, t.currency, t.status, t.amount,
        coalesce(t.failure_code, 'unknown') as code, t.source = 'cli' as test
      from transactions t
      where t.project_id = ${projectId} and ${inScope(sql`t.created_at`)}
    ),
    -- Per terminal, then the whole project ('') summed from those groups: hashing every raw row
    -- once, not once per grouping set.
    tx_fine as (
      select bs, terminal_id, currency, test, count(*) as n,
        count(*) filter (where status in ${SUCCEEDED_STATUSES}) as succeeded,
        count(*) filter (where status = 'failed') as failed,
        coalesce(sum(amount) filter (where status in ${SUCCEEDED_STATUSES}), 0) as volume
      from tx group by bs, terminal_id, currency, test
    ),
    tx_agg as (
      select bs, terminal_id, currency, test, n, succeeded, failed, volume from tx_fine
      union all
      select bs, '', currency, test, sum(n), sum(succeeded), sum(failed), sum(volume)
      from tx_fine group by bs, currency, test
    ),
    -- Every declined card, by its transaction's bucket: a decline a later card
    -- rescued counts too, as the timeline and /metrics count it. A failed payment with no
    -- attempt on record (imported or demo history) counts its own failure once.
    att as (
      select tx.bs, tx.terminal_id, tx.currency, tx.test, coalesce(a.failure_code, 'unknown') as code,
        tx.status in ${SUCCEEDED_STATUSES} as rescued
      from tx join payment_attempts a on a.transaction_id = tx.id
      where a.project_id = ${projectId} and a.status = 'declined'
      union all
      select tx.bs, tx.terminal_id, tx.currency, tx.test, tx.code, false
      from tx where tx.status = 'failed' and not exists (
        select 1 from payment_attempts a where a.transaction_id = tx.id and a.status = 'declined')
    ),
    att_agg as (
      select bs, coalesce(terminal_id, '') as terminal_id, currency, test, count(*) as n,
        count(*) filter (where rescued) as rescued
      from att group by grouping sets ((bs, terminal_id, currency, test), (bs, currency, test))
    ),
    dec as (
      select bs, terminal_id, currency, test, jsonb_object_agg(code, n) as declines from (
        select bs, coalesce(terminal_id, '') as terminal_id, currency, test, code, count(*) as n
        from att
        group by grouping sets ((bs, terminal_id, currency, test, code), (bs, currency, test, code))
      ) d group by bs, terminal_id, currency, test
    ),
    rf as (
      select bs, coalesce(terminal_id, '') as terminal_id, currency, test, count(*) as n, sum(amount) as amount from (
        select ${bucketOf(grain, bucketing, sql`r.created_at`)} as bs, t.terminal_id, r.currency, r.amount,
          t.source = 'cli' as test
        from refunds r join transactions t on t.id = r.transaction_id
        where r.project_id = ${projectId} and r.status = 'succeeded' and ${inScope(sql`r.created_at`)}
      ) x group by grouping sets ((bs, terminal_id, currency, test), (bs, currency, test))
    ),
    sc as (
      select ${bucketOf(grain, bucketing, sql`s.created_at`)} as bs, s.terminal_id, s.outcome,
        coalesce(t.source = 'cli', false) as test,
        case when s.outcome = 'paid' and s.paid_at is not null
          then ${scanToPayBin(sql`s.paid_at - s.created_at`)}
        end as secs
      from scans s left join transactions t on t.id = s.transaction_id
      where s.project_id = ${projectId} and ${inScope(sql`s.created_at`)}
    ),
    sc_agg as (
      select bs, coalesce(terminal_id, '') as terminal_id, test, count(*) as n,
        count(*) filter (where outcome = 'paid') as paid
      from sc group by grouping sets ((bs, terminal_id, test), (bs, test))
    ),
    hist as (
      select bs, terminal_id, test, jsonb_object_agg(secs::text, n) as h from (
        select bs, coalesce(terminal_id, '') as terminal_id, test, secs, count(*) as n
        from sc where secs is not null
        group by grouping sets ((bs, terminal_id, test, secs), (bs, test, secs))
      ) x group by bs, terminal_id, test
    ),
    parts as (
      select bs, terminal_id, currency, test, n, succeeded, failed, volume,
        0::bigint as rn, 0::bigint as ra, 0::bigint as dn, 0::bigint as dr, null::jsonb as declines,
        0::bigint as sn, 0::bigint as sp, null::jsonb as h
      from tx_agg
      union all select bs, terminal_id, currency, test, 0, 0, 0, 0, 0, 0, n, rescued, null, 0, 0, null from att_agg
      union all select bs, terminal_id, currency, test, 0, 0, 0, 0, 0, 0, 0, 0, declines, 0, 0, null from dec
      union all select bs, terminal_id, currency, test, 0, 0, 0, 0, n, amount, 0, 0, null, 0, 0, null from rf
      union all select bs, terminal_id, '', test, 0, 0, 0, 0, 0, 0, 0, 0, null, n, paid, null from sc_agg
      union all select bs, terminal_id, '', test, 0, 0, 0, 0, 0, 0, 0, 0, null, 0, 0, h from hist
    )
    select ${projectId}, ${grain}, terminal_id, currency, bs, test,
      sum(n), sum(succeeded), sum(failed), sum(volume), sum(rn), sum(ra), sum(dn), sum(dr),
      coalesce((array_agg(declines) filter (where declines is not null))[1], '{}'::jsonb),
      sum(sn), sum(sp),
      coalesce((array_agg(h) filter (where h is not null))[1], '{}'::jsonb)
    from parts group by terminal_id, currency, bs, test`);
  // Takings per cashier, payments bucketed by creation as above. The name on the
  // newest payment comes from the greatest key "created_at, id, name" (`newestKey`), an
  // aggregate that hashes, where `array_agg(… order by …)` would sort every raw row.
  await tx.execute(sql`
    insert into cashier_rollups (project_id, grain, terminal_id, currency, bucket_start, test, cashier_id,
      payments_count, gross, tips, last_name, last_at)
    with f as (
      select bs, terminal_id, currency, test, cashier_id, count(*) as n, sum(amount + tip_amount) as gross,
        sum(tip_amount - tip_refunded) as tips, max(created_at) as last_at, max(k) as k
      from (
        select ${bucketOf(grain, bucketing, sql`t.created_at`)} as bs, t.terminal_id, t.currency,
          t.source = 'cli' as test, coalesce(t.cashier_id, '') as cashier_id, t.amount, t.tip_amount, t.tip_refunded, t.created_at,
          ${newestKey(sql`t.created_at`, sql`t.id`, sql`t.cashier_name`)} as k
        from transactions t
        where t.project_id = ${projectId} and t.status in ${SUCCEEDED_STATUSES} and ${inScope(sql`t.created_at`)}
      ) x
      group by bs, terminal_id, currency, test, cashier_id
    ), a as (
      select bs, terminal_id, currency, test, cashier_id, n, gross, tips, last_at, k from f
      union all
      select bs, '', currency, test, cashier_id, sum(n), sum(gross), sum(tips), max(last_at), max(k)
      from f group by bs, currency, test, cashier_id
    )
    select ${projectId}, ${grain}, terminal_id, currency, bs, test, cashier_id, n, gross, tips,
      ${nameOfKey(sql`k`)}, last_at
    from a`);
  await insertTenderBuckets(tx, { projectId, grain, bucketing, scope });
}

/** Splits sorted bucket starts into runs with gaps under `maxGapMs`, so a refund of an old
 * payment does not make the job read every row between that day and today. */
export function clustersOf(sortedStarts: string[], maxGapMs = 86_400_000, maxSize = 400): string[][] {
  const out: string[][] = [];
  let run: string[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const s of sortedStarts) {
    const t = Date.parse(s);
    if (run.length && (t - last > maxGapMs || run.length >= maxSize)) {
      out.push(run);
      run = [];
    }
    run.push(s);
    last = t;
  }
  if (run.length) out.push(run);
  return out;
}
