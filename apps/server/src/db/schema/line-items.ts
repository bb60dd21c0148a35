import { bigint, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { refunds, transactions } from './payments';

/**
 * A checkout's basket (docs/guide/baskets.md). Name, category, price and VAT rate are copied from
 * the item when it is sold: editing or archiving the item later changes no receipt or close.
 * `item_id` and `variant_id` are plain text, not foreign keys: items are never deleted, and an
 * ad-hoc line has none.
 */
export const lineItems = pgTable(
  'line_items',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The order the register sent, from 0. */
    position: integer().notNull(),
    itemId: text('item_id'),
    variantId: text('variant_id'),
    name: text().notNull(),
    category: text(),
    /** Up to three decimals: a weight. */
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    total: bigint({ mode: 'number' }).notNull(),
    tax: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('line_items_txn_idx').on(t.transactionId, t.position),
    index('line_items_project_item_idx').on(t.projectId, t.itemId),
  ],
);

/**
 * Which lines a refund by line gave back, how many, and the money and VAT of each. What is left of
 * a line is its quantity less these rows of its refunds that did not fail: a pending refund holds
 * its quantities as it holds its amount, and a failed one gives them back without a write.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: text('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    lineItemId: text('line_item_id')
      .notNull()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    projectId: text().notNull(),
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    tax: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.lineItemId] }),
    index('refund_lines_line_idx').on(t.lineItemId),
  ],
);
