import { z } from 'zod';
import { closeCashSchema } from './drawer';
import { TENDER_METHODS } from './payment-constants';

// The books: closes (Z reports), payouts and their items, accounting exports, VAT.
const timestamp = z.string();

/** "HH:MM", 24-hour clock, in the project's time zone. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (00:00–23:59)');
/** VAT in percent with up to two decimals (19, 7.7). */
export const taxRateSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, { message: 'at most two decimals' });
export const PAYOUT_DELAY_DAYS = { min: 0, max: 7, default: 2 } as const;
/** The hash the first close of a terminal chains from. */
export const GENESIS_HASH = '0'.repeat(64);

export const CLOSED_BY_KINDS = ['user', 'api_key', 'device', 'schedule'] as const;
export const closedBySchema = z.object({
  kind: z.enum(CLOSED_BY_KINDS),
  id: z.string().nullable(),
  label: z.string().nullable(),
  /** A device close where staff sign in: the manager whose session allowed it. */
  manager: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type ClosedBy = z.infer<typeof closedBySchema>;

export const closeTotalsSchema = z.object({
  currency: z.string(),
  payments_count: z.number().int(),
  /** Succeeded payments of the period, tips included. */
  gross: z.number().int(),
  refunds_count: z.number().int(),
  /** Refunds that succeeded in the period. */
  refunds: z.number().int(),
  /** gross − refunds. */
  net: z.number().int(),
  /** The part of gross that was tips. */
  tips: z.number().int(),
  by_brand: z.array(
    z.object({ card_brand: z.string().nullable(), count: z.number().int(), amount: z.number().int() }),
  ),
  /** Per VAT rate (null = none): payments minus refunds, tax rounded half up per transaction. */
  by_tax_rate: z.array(
    z.object({
      rate: z.number().nullable(),
      gross: z.number().int(),
      net: z.number().int(),
      tax: z.number().int(),
    }),
  ),
  /** Per cashier who took payments in the period: gross includes their tips. */
  by_cashier: z.array(
    z.object({
      cashier_id: z.string(),
      name: z.string().nullable(),
      payments_count: z.number().int(),
      gross: z.number().int(),
      tips: z.number().int(),
    }),
  ),
  /**
   * Sales per item category (docs/guide/baskets.md): line quantities and totals, tips apart;
   * `category: null` holds ad-hoc lines and payments without lines. Absent before baskets.
   */
  by_category: z
    .array(z.object({ category: z.string().nullable(), quantity: z.number(), gross: z.number().int() }))
    .optional(),
  /**
   * Payments per tender method (docs/guide/tenders.md), tips included: they add up to `gross`.
   * Absent from closes made before tenders (their hash covers what they had).
   */
  by_tender: z
    .array(z.object({ method: z.enum(TENDER_METHODS), count: z.number().int(), amount: z.number().int() }))
    .optional(),
  /** The drawer this close ended (docs/guide/drawer.md), null without one; absent before drawers. */
  cash: closeCashSchema.nullable().optional(),
  /** This terminal's net over all its closes up to and including this one, never reset. */
  grand_total: z.number().int(),
});
export type CloseTotals = z.infer<typeof closeTotalsSchema>;

export const closeSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  terminal_id: z.string(),
  terminal_label: z.string().nullable(),
  number: z.number().int(),
  opened_at: timestamp,
  closed_at: timestamp,
  closed_by: closedBySchema,
  totals: z.array(closeTotalsSchema),
  previous_hash: z.string(),
  hash: z.string(),
});
export type Close = z.infer<typeof closeSchema>;

/** A close with what it holds: the ids of its payments and refunds. */
export const closeDetailSchema = closeSchema.extend({
  transaction_ids: z.array(z.string()),
  refund_ids: z.array(z.string()),
});
export type CloseDetail = z.infer<typeof closeDetailSchema>;

/** The running report (X report): a close's figures for the open period, nothing written. */
export const currentCloseSchema = z.object({
  terminal_id: z.string(),
  /** The number the next close will take. */
  number: z.number().int(),
  opened_at: timestamp.nullable(),
  as_of: timestamp,
  totals: z.array(closeTotalsSchema),
});
export type CurrentClose = z.infer<typeof currentCloseSchema>;

const brokenCloseSchema = z.object({
  close_id: z.string(),
  terminal_id: z.string(),
  number: z.number().int(),
  reason: z.enum(['hash_mismatch', 'chain_broken', 'number_gap', 'totals_mismatch']),
  /** Its project was purged (its payments are gone): checked by chain and hash alone. */
  purged: z.boolean(),
});
export const closeVerifySchema = z.object({
  ok: z.boolean(),
  /** Closes that hold (those of purged projects by chain and hash alone). */
  checked: z.number().int(),
  /** Every close that fails, in terminal then number order. */
  broken: z.array(brokenCloseSchema),
  first_broken: brokenCloseSchema.nullable(),
});
export type CloseVerify = z.infer<typeof closeVerifySchema>;

// `canceled`: only Stripe's (a payout canceled before it left); its money is back in the balance.
export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export const payoutSchema = z.object({
  id: z.string(),
  /** What was paid out: the sum of its items' `settlement.net` (Stripe's own payout amount). */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  arrival_date: z.string(),
  created_at: timestamp,
  payments_count: z.number().int(),
  gross: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  provider: z.enum(['simulator', 'stripe']),
});
export type Payout = z.infer<typeof payoutSchema>;

export const PAYOUT_ITEM_TYPES = ['payment', 'refund', 'refund_reversal', 'adjustment'] as const;
export const payoutItemSchema = z.object({
  id: z.string(),
  /**
   * `adjustment`: a dispute, Stripe's own fee or another of Stripe's balance transactions;
   * `refund_reversal`: a refund that failed after succeeding, its amount back (+).
   */
  type: z.enum(PAYOUT_ITEM_TYPES),
  /** Null only for an `adjustment`. */
  transaction_id: z.string().nullable(),
  refund_id: z.string().nullable(),
  /** In the transaction's currency. */
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  currency: z.string(),
  /**
   * What reached the payout, in the payout's currency: Stripe's own figures (its account may
   * settle a USD charge in EUR at `exchange_rate`), else the item's. The payout's `amount` is
   * the sum of its items' `settlement.net`.
   */
  settlement: z.object({
    amount: z.number().int(),
    fee: z.number().int(),
    net: z.number().int(),
    currency: z.string(),
    /** Settlement units per unit of the item's currency; null when they are the same. */
    exchange_rate: z.number().nullable(),
  }),
  /** Stripe's description of an adjustment (its type first: `dispute`, `stripe_fee`…). */
  description: z.string().nullable(),
  available_on: z.string(),
  created_at: timestamp,
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

/** The dashboard's "next payout": what is due, per currency, and the day it goes out. */
export const nextPayoutSchema = z.object({
  data: z.array(z.object({ currency: z.string(), amount: z.number().int(), date: z.string() })),
});
export type NextPayout = z.infer<typeof nextPayoutSchema>;

export const EXPORT_FORMATS = ['csv', 'xero', 'quickbooks'] as const;
export const accountingExportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /**
   * A close's lines in this currency only. Required for `xero` and `quickbooks` when the close
   * holds several (their files have no currency column): else `422 currency_required`.
   */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
