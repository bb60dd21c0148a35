import type { ClosedBy, CloseTotals } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { projects } from './workspace';

// The books: closes (Z reports) per terminal, the balance of what a provider owes
// the project, and payouts from the provider to the bank. Money is bigint minor units.
const money = (name: string) => bigint(name, { mode: 'number' });

// The close's jsonb columns hold exactly what the API shows and the hash covers: one shape,
// written once in the contract (docs/guide/closes.md#the-hash-rule).
export type { ClosedBy };
export type CloseTotalsEntry = CloseTotals;

/**
 * Closes (Z reports). Insert-only: the custom migration `closes_immutable` adds a trigger that
 * refuses every UPDATE and DELETE. Deliberately no foreign key to projects or terminals: a
 * purged project's closes stay (fiscal rules keep Z reports for 6–10 years), see
 * docs/guide/closes.md#never-changed.
 */
export const closes = pgTable(
  'closes',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    terminalId: text().notNull(),
    /** 1, 2, 3… per terminal, no gaps (taken under the terminal's row lock). */
    number: integer().notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    closedAt: timestamptz('closed_at').notNull(),
    closedBy: jsonb('closed_by').$type<ClosedBy>().notNull(),
    totals: jsonb().$type<CloseTotalsEntry[]>().notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text().notNull(),
    /**
     * Which rules counted its figures, so `verify` recomputes a close as it was made: 1 = tips
     * taxed, refund VAT per refund, refunds never give back tips; 2 = tips outside VAT unless
     * the transaction's `tip_taxable`, refund VAT by the running total, refunded tips counted;
     * 3 = as 2, with `by_tender` and `cash` (the drawer) in each currency's totals.
     */
    rules: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('closes_terminal_number_key').on(t.terminalId, t.number),
    index('closes_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('closes_project_terminal_idx').on(
      t.projectId,
      t.terminalId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type BalanceEntryType = 'payment' | 'refund' | 'refund_reversal' | 'adjustment';

/**
 * What the provider owes the project: one entry per succeeded payment
 * (amount, fee, net) and per succeeded refund (−amount, fee 0), and per refund that failed after
 * succeeding a `refund_reversal` (+amount, the refund's entry left as written), each available on a day;
 * the payout job pays out the available ones not yet paid out. Stripe's payouts add what
 * Stripe settled (docs/guide/payouts.md#stripe-projects): `settlement_*` in the account's currency,
 * and `adjustment` entries (disputes, Stripe's own fees…) that belong to no transaction.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text().$type<BalanceEntryType>().notNull(),
    /** Null only for an `adjustment`. */
    transactionId: text(),
    refundId: text(),
    /**
     * A card tender's share of a checkout paid in parts (docs/guide/tenders.md): one payment entry
     * per card tender. Null for a checkout paid by one card, which has one entry.
     */
    tenderId: text('tender_id'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    currency: text().notNull(),
    /** What Stripe settled, in its account's currency (null: as amount, fee, net, currency). */
    settlementAmount: money('settlement_amount'),
    settlementFee: money('settlement_fee'),
    settlementNet: money('settlement_net'),
    settlementCurrency: text(),
    /** Settlement units per charge unit, as Stripe gives it (null: the same currency). */
    exchangeRate: text(),
    /** Stripe's balance transaction (`txn_…`); its type and description for an adjustment. */
    providerReference: text(),
    description: text(),
    /** The project's local day from which it may be paid out. */
    availableOn: date('available_on', { mode: 'string' }).notNull(),
    payoutId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('balance_entries_payment_key')
      .on(t.transactionId)
      .where(sql`type = 'payment' and tender_id is null`),
    uniqueIndex('balance_entries_tender_payment_key')
      .on(t.tenderId)
      .where(sql`type = 'payment' and tender_id is not null`),
    uniqueIndex('balance_entries_refund_key').on(t.refundId).where(sql`type = 'refund'`),
    // A refund is reversed at most once: its reversal's entry (+amount) is keyed by it as well.
    uniqueIndex('balance_entries_refund_reversal_key').on(t.refundId).where(sql`type = 'refund_reversal'`),
    uniqueIndex('balance_entries_adjustment_key').on(t.providerReference).where(sql`type = 'adjustment'`),
    index('balance_entries_unpaid_idx').on(t.projectId, t.availableOn).where(sql`payout_id is null`),
    index('balance_entries_payout_idx').on(t.payoutId, t.createdAt, t.id),
  ],
);

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

export const payouts = pgTable(
  'payouts',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text().notNull(),
    status: text().$type<PayoutStatus>().notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    paymentsCount: integer('payments_count').notNull(),
    gross: money('gross').notNull(),
    fees: money('fees').notNull(),
    refunds: money('refunds').notNull(),
    provider: text().$type<'simulator' | 'stripe'>().notNull(),
    /** Stripe's `po_…` for Stripe payouts. */
    providerReference: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('payouts_provider_reference_key').on(t.providerReference),
  ],
);

/**
 * A terminal's cash drawer (docs/guide/drawer.md): opened with a float, counted and ended by
 * the close that covers it (`close_id`, `counted`). At most one open drawer per terminal.
 * Its cash sales and refunds are the cash tenders that name it; paid in/out its movements.
 */
export const drawers = pgTable(
  'drawers',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    terminalId: text().notNull(),
    currency: text().notNull(),
    float: money('float').notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    openedByCashierId: text('opened_by_cashier_id'),
    closedAt: timestamptz('closed_at'),
    closeId: text('close_id'),
    /** What was counted at the close; null for a scheduled close (nobody counted). */
    counted: money('counted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('drawers_open_key').on(t.terminalId).where(sql`closed_at is null`),
    uniqueIndex('drawers_close_key').on(t.closeId).where(sql`close_id is not null`),
    index('drawers_terminal_idx').on(t.projectId, t.terminalId, t.openedAt.desc().nullsFirst()),
  ],
);

export type DrawerMovementType = 'paid_in' | 'paid_out' | 'no_sale';

/** Cash put in or taken out of a drawer outside a sale, or the drawer opened with no sale. */
export const drawerMovements = pgTable(
  'drawer_movements',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    drawerId: text()
      .notNull()
      .references(() => drawers.id, { onDelete: 'cascade' }),
    type: text().$type<DrawerMovementType>().notNull(),
    /** Minor units, always ≥ 0; 0 for no_sale. */
    amount: money('amount').notNull(),
    reason: text().notNull(),
    /** Who did it: the device (with its cashier), a person or an API key. */
    actorKind: text('actor_kind').$type<'device' | 'user' | 'api_key'>().notNull(),
    actorId: text('actor_id'),
    cashierId: text('cashier_id'),
    cashierName: text('cashier_name'),
    createdAt: createdAt(),
  },
  (t) => [index('drawer_movements_drawer_idx').on(t.drawerId, t.createdAt, t.id)],
);
