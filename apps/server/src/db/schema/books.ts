import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { projects } from './workspace';

// The books: closes (Z reports) per terminal, the balance of what a provider owes
// the project, and payouts from the provider to the bank. Money is bigint minor units.
const money = (name: string) => bigint(name, { mode: 'number' });

/** Who made a close. */
export interface ClosedBy {
  kind: 'user' | 'api_key' | 'device' | 'schedule';
  id: string | null;
  label: string | null;
  /** A device close where staff sign in: the manager whose session allowed it. */
  manager?: { id: string; name: string };
}

/** One currency's figures of a close, as the API presents them (snake_case, hashed as is). */
export interface CloseTotalsEntry {
  currency: string;
  payments_count: number;
  gross: number;
  refunds_count: number;
  refunds: number;
  net: number;
  tips: number;
  by_brand: { card_brand: string | null; count: number; amount: number }[];
  by_tax_rate: { rate: number | null; gross: number; net: number; tax: number }[];
  by_cashier: {
    cashier_id: string;
    name: string | null;
    payments_count: number;
    gross: number;
    tips: number;
  }[];
  grand_total: number;
}

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
     * the transaction's `tip_taxable`, refund VAT by the running total, refunded tips counted.
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

export type BalanceEntryType = 'payment' | 'refund';

/**
 * What the provider owes the project: one entry per succeeded payment
 * (amount, fee, net) and per succeeded refund (−amount, fee 0), each available on a day;
 * the payout job pays out the available ones not yet paid out.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text().$type<BalanceEntryType>().notNull(),
    transactionId: text().notNull(),
    refundId: text(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    currency: text().notNull(),
    /** The project's local day from which it may be paid out. */
    availableOn: date('available_on', { mode: 'string' }).notNull(),
    payoutId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('balance_entries_payment_key').on(t.transactionId).where(sql`type = 'payment'`),
    uniqueIndex('balance_entries_refund_key').on(t.refundId).where(sql`type = 'refund'`),
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
