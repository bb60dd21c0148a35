import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import {
  type Bucketing,
  type BucketScope,
  bucketOf,
  newestKey,
  SUCCEEDED_STATUSES,
  scopeFilter,
} from './bucket-sql';

/**
 * Inserts the `item_rollups` rows (project-local days) of `scope`, computed from the raw rows
 * (the days must hold none yet): the lines of payments that went through, by the payment's
 * creation, and the lines of succeeded refunds by line, by the refund's creation. One INSERT …
 * SELECT with GROUPING SETS, so every filter of the report (terminal, cashier, both, neither)
 * has its own rows (docs/guide/item-reports.md#the-rollup).
 */
export async function insertItemBuckets(
  tx: Db | Tx,
  { projectId, bucketing, scope }: { projectId: string; bucketing: Bucketing; scope: BucketScope },
): Promise<void> {
  if ('starts' in scope && scope.starts.length === 0) return;
  const inScope = scopeFilter('day', bucketing, scope);
  const day = (ts: string) => bucketOf('day', bucketing, sql.raw(ts));
  await tx.execute(sql`
    insert into item_rollups (project_id, level, terminal_id, cashier_id, currency, bucket_start, item_id,
      variant_id, category, quantity, refunded_quantity, gross, refunds, tax, refunded_tax, last_name, last_at)
    with moves as (
      select ${day('t.created_at')} as bs, t.terminal_id, coalesce(t.cashier_id, '') as cashier_id, t.currency,
        coalesce(l.item_id, '') as item_id, coalesce(l.variant_id, '') as variant_id,
        coalesce(l.category, '') as category, l.quantity, 0::numeric as refunded_quantity, l.total as gross,
        0::bigint as refunds, l.tax, 0::bigint as refunded_tax,
        ${newestKey(sql`t.created_at`, sql`l.id`, sql`l.name`)} as k, t.created_at as at
      from transactions t join line_items l on l.transaction_id = t.id and l.project_id = ${projectId}
      where t.project_id = ${projectId} and t.status in ${SUCCEEDED_STATUSES} and t.source <> 'cli'
        and ${inScope(sql`t.created_at`)}
      union all
      select ${day('r.created_at')}, t.terminal_id, coalesce(t.cashier_id, ''), r.currency,
        coalesce(l.item_id, ''), coalesce(l.variant_id, ''), coalesce(l.category, ''), 0, rl.quantity, 0,
        rl.amount, 0, rl.tax, null, null
      from refunds r
        join refund_lines rl on rl.refund_id = r.id and rl.project_id = ${projectId}
        join line_items l on l.id = rl.line_item_id
        join transactions t on t.id = r.transaction_id
      where r.project_id = ${projectId} and r.status = 'succeeded' and t.source <> 'cli'
        and ${inScope(sql`r.created_at`)}
    ),
    fine as (
      select bs, terminal_id, cashier_id, currency, item_id, variant_id, category,
        sum(quantity) as quantity, sum(refunded_quantity) as refunded_quantity, sum(gross) as gross,
        sum(refunds) as refunds, sum(tax) as tax, sum(refunded_tax) as refunded_tax, max(k) as k, max(at) as at
      from moves group by bs, terminal_id, cashier_id, currency, item_id, variant_id, category
    )
    select ${projectId}, grouping(terminal_id, cashier_id), coalesce(terminal_id, ''), coalesce(cashier_id, ''),
      currency, bs, item_id, variant_id, category, sum(quantity), sum(refunded_quantity), sum(gross),
      sum(refunds), sum(tax), sum(refunded_tax),
      case when max(k) is not null then substr(max(k), strpos(max(k), chr(1)) + 2) end, max(at)
    from fine
    group by grouping sets (
      (bs, currency, item_id, variant_id, category, terminal_id, cashier_id),
      (bs, currency, item_id, variant_id, category, terminal_id),
      (bs, currency, item_id, variant_id, category, cashier_id),
      (bs, currency, item_id, variant_id, category)
    )`);
}
