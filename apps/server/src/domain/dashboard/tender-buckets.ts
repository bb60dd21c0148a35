import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import {
  type Bucketing,
  type BucketScope,
  bucketOf,
  type Grain,
  SUCCEEDED_STATUSES,
  scopeFilter,
} from './bucket-sql';

/**
 * Inserts the `tender_rollups` rows of `scope`: per tender method, what the payments that went
 * through took, from the facts a close's `by_tender` reads (domain/books/close-totals.ts,
 * docs/guide/tenders.md): each succeeded tender with its tip, a payment without tenders as one card
 * tender of amount + tip. Bucketed by the payment's creation, as the dashboard's volume.
 */
export async function insertTenderBuckets(
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
  await tx.execute(sql`
    insert into tender_rollups (project_id, grain, terminal_id, currency, bucket_start, test, method, count, amount)
    with f as (
      select ${bucketOf(grain, bucketing, sql`t.created_at`)} as bs, t.terminal_id, t.currency,
        t.source = 'cli' as test, coalesce(tn.method, 'card') as method, count(*) as n,
        coalesce(sum(coalesce(tn.amount + tn.tip_amount, t.amount + t.tip_amount)), 0) as amount
      from transactions t
      left join tenders tn on tn.transaction_id = t.id and tn.project_id = t.project_id and tn.status = 'succeeded'
      where t.project_id = ${projectId} and t.status in ${SUCCEEDED_STATUSES} and ${inScope(sql`t.created_at`)}
      group by 1, 2, 3, 4, 5
    )
    select ${projectId}, ${grain}, terminal_id, currency, bs, test, method, n, amount from f
    union all
    select ${projectId}, ${grain}, '', currency, bs, test, method, sum(n), sum(amount) from f
    group by currency, bs, test, method`);
}
