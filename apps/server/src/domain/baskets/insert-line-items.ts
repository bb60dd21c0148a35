import { type SQL, sql } from 'drizzle-orm';
import type { TransactionRow } from '../transactions/transition-transaction';
import type { PricedLine } from './price-basket';

/**
 * The insert of a new transaction's lines, as a CTE body of the create's one statement (so the
 * lines are written with the transaction or not at all: one database transaction). Its rows
 * come from one jsonb parameter, whatever the basket's size; `where exists (select from txn)`
 * writes them only when the transaction was inserted (an idempotency replay writes nothing).
 */
export function insertLinesSql(row: TransactionRow, lines: readonly PricedLine[]): SQL {
  const json = JSON.stringify(
    lines.map((l, position) => ({
      id: l.id,
      position,
      item_id: l.itemId,
      variant_id: l.variantId,
      name: l.name,
      category: l.category,
      // Exact decimals as text: numeric reads them without float error.
      quantity: l.quantity.toFixed(3),
      unit_price: l.unitPrice,
      tax_rate: l.taxRate === null ? null : String(l.taxRate),
      total: l.total,
      tax: l.tax,
    })),
  );
  return sql`
      insert into line_items (id, project_id, transaction_id, position, item_id, variant_id, name, category, quantity,
        unit_price, tax_rate, total, tax, created_at)
      select x.id, ${row.projectId}::text, ${row.id}::text, x.position, x.item_id, x.variant_id, x.name, x.category,
        x.quantity::numeric, x.unit_price, x.tax_rate::numeric, x.total, x.tax, ${row.createdAt}::timestamptz
      from jsonb_to_recordset(${json}::jsonb) as x(id text, position int, item_id text, variant_id text, name text,
        category text, quantity text, unit_price bigint, tax_rate text, total bigint, tax bigint)
      where exists (select from txn)`;
}
