import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { projects } from './workspace';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Dashboard rollups, kept by `workers/rollups.ts` with a stated lag (≤ one job
 * interval, 15 s by default): each touched bucket is recomputed from the raw rows, so the
 * figures equal the raw rows whatever order payments, refunds and scans commit in.
 *
 * Two grains share the table:
 * - `hour`: one-hour buckets `date_bin('1 hour', ts, origin)` whose origin is shifted by the
 *   project's sub-hour UTC offset (India +5:30 → buckets start at :30 UTC), so every local
 *   hour and local midnight of the project's zone is a bucket boundary, also across DST;
 * - `day`: the project's local calendar days (23, 24 or 25 hours long), so a 90-day dashboard
 *   reads ~90 rows per terminal instead of ~2,160.
 * `terminal_id = ''` rows are the whole project (GROUPING SETS), `currency = ''` rows hold scans
 * (a scan has no currency until it is paid). `test` rows hold test payments (`source = 'cli'`,
 * ), apart so the dashboard leaves them out unless asked. The project's zone and offset are remembered in
 * `rollup_state`; if the project changes zone, its rollups are rebuilt.
 */
export const dashboardRollups = pgTable(
  'dashboard_rollups',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    grain: text().$type<'hour' | 'day'>().notNull(),
    terminalId: text().notNull(),
    currency: text().notNull(),
    test: boolean().notNull().default(false),
    bucketStart: timestamptz('bucket_start').notNull(),
    transactions: count('transactions'),
    succeeded: count('succeeded'),
    failed: count('failed'),
    volume: count('volume'),
    refunds: count('refunds'),
    refundedAmount: count('refunded_amount'),
    /** Declined card attempts on the bucket's transactions, also ones a later card rescued. */
    declinedAttempts: count('declined_attempts'),
    /** Of those, the ones on a transaction that then succeeded. */
    rescued: count('rescued'),
    /** failure_code → count of declined attempts. */
    declines: jsonb().$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    scans: count('scans'),
    scansPaid: count('scans_paid'),
    /** Whole seconds from scan to payment → count (exact medians by merging, capped at 3600). */
    scanToPay: jsonb('scan_to_pay').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.grain, t.terminalId, t.currency, t.bucketStart, t.test] })],
);

/**
 * Takings per cashier in the same buckets as `dashboard_rollups`, kept by the same
 * job (each touched bucket recomputed from the raw rows) so the dashboard never reads raw
 * transactions: the payments that went through (succeeded, partially refunded, refunded; by
 * creation), `gross` = amount + tip, `tips`. `terminal_id = ''` rows are the whole project,
 * `cashier_id = ''` the payments taken with no cashier. `last_name` is the name on the bucket's
 * newest payment (`last_at`), so merging buckets gives the newest name a cashier sold under.
 */
export const cashierRollups = pgTable(
  'cashier_rollups',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    grain: text().$type<'hour' | 'day'>().notNull(),
    terminalId: text().notNull(),
    currency: text().notNull(),
    test: boolean().notNull().default(false),
    bucketStart: timestamptz('bucket_start').notNull(),
    cashierId: text().notNull(),
    paymentsCount: count('payments_count'),
    gross: count('gross'),
    tips: count('tips'),
    lastName: text('last_name'),
    lastAt: timestamptz('last_at').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.projectId, t.grain, t.terminalId, t.currency, t.bucketStart, t.test, t.cashierId],
    }),
  ],
);

/** Per-project rollup bookkeeping: the zone the rollups were bucketed in. */
export const rollupState = pgTable('rollup_state', {
  projectId: text()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  timeZone: text().notNull(),
  /** Minutes to shift hour buckets by (the zone's UTC offset modulo 60). */
  originMinutes: integer().notNull(),
});

/** The job's watermark: changes at or after `changed_since` minus the overlap are rescanned. */
export const rollupWatermark = pgTable('rollup_watermark', {
  name: text().primaryKey(),
  changedSince: timestamptz('changed_since').notNull(),
});

/**
 * What was sold, per project-local day (docs/guide/item-reports.md): per item and variant, kept by
 * the same job as `dashboard_rollups` (a touched day is recomputed from the raw rows), so the item
 * report never reads line items. Sales are the lines of payments that went through, by the
 * payment's creation (as the dashboard's volume); refunds are the lines of succeeded refunds by
 * line, by the refund's creation (as the dashboard's refunds). Test payments (`source = 'cli'`)
 * are left out.
 *
 * `level` is PostgreSQL's `grouping(terminal_id, cashier_id)` of the row: 0 per terminal and
 * cashier, 1 per terminal (every cashier), 2 per cashier (every terminal), 3 the whole project;
 * the rolled-up column holds ''. So any filter reads one small set of rows. `cashier_id = ''` at
 * levels 0 and 2 is the payments taken with no cashier. `item_id = ''` is every ad-hoc line,
 * `variant_id = ''` an item sold without variant, `category = ''` no category. `last_name` is the
 * name on the bucket's newest line (`last_at`), so merging days gives the newest name sold under.
 */
export const itemRollups = pgTable(
  'item_rollups',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    level: smallint().notNull(),
    terminalId: text().notNull(),
    cashierId: text().notNull(),
    currency: text().notNull(),
    bucketStart: timestamptz('bucket_start').notNull(),
    itemId: text().notNull(),
    variantId: text().notNull(),
    category: text().notNull(),
    /** Σ line quantity (three decimals). */
    quantity: numeric({ precision: 18, scale: 3 }).notNull().default('0'),
    refundedQuantity: numeric('refunded_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Σ line totals (VAT included), minor units. */
    gross: count('gross'),
    /** Σ refund line amounts. */
    refunds: count('refunds'),
    /** VAT included in `gross`, and in `refunds`. */
    tax: count('tax'),
    refundedTax: count('refunded_tax'),
    lastName: text('last_name'),
    lastAt: timestamptz('last_at'),
  },
  (t) => [
    primaryKey({
      columns: [
        t.projectId,
        t.level,
        t.terminalId,
        t.cashierId,
        t.currency,
        t.bucketStart,
        t.itemId,
        t.variantId,
        t.category,
      ],
    }),
    index('item_rollups_bucket_idx').on(t.projectId, t.bucketStart),
  ],
);

/**
 * Takings per tender method (card, cash) in the same buckets as `dashboard_rollups`, from the
 * facts a close's `by_tender` reads (docs/guide/tenders.md): each succeeded tender of a payment
 * that went through, its tip included; a payment without tenders is one card tender. Bucketed
 * by the payment's creation as the dashboard's volume. `terminal_id = ''` rows are the project.
 */
export const tenderRollups = pgTable(
  'tender_rollups',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    grain: text().$type<'hour' | 'day'>().notNull(),
    terminalId: text().notNull(),
    currency: text().notNull(),
    test: boolean().notNull().default(false),
    bucketStart: timestamptz('bucket_start').notNull(),
    method: text().notNull(),
    count: count('count'),
    amount: count('amount'),
  },
  (t) => [
    primaryKey({
      columns: [t.projectId, t.grain, t.terminalId, t.currency, t.bucketStart, t.test, t.method],
    }),
  ],
);
