import { z } from 'zod';
import { taxRateSchema } from './books';
import { currencySchema } from './workspace';

// The payment core's wire shapes: terminals, transactions, scans, refunds, events.
// Server routes validate and present with these; the console and the public pages read them.

const timestamp = z.string();
const label = z.string().trim().min(1).max(80);

// Plain constants live in payment-constants.ts so the shopper page can import them without zod.
import { QUANTITY_MAX, quantityThousandths } from './basket-figures';
import { AMOUNT_MAX, TENDER_METHODS } from './payment-constants';

export { AMOUNT_MAX, TENDER_METHODS, TEST_CARDS } from './payment-constants';
export const PAIRING_CODE_LENGTH = 8;
/** Crockford-style: no 0/O, 1/I/L, U; readable aloud and typed on a tablet without mistakes. */
export const PAIRING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_TTL_SECONDS = 15 * 60;
export const TRANSACTION_TTL_SECONDS = 15 * 60;
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export const TERMINAL_KINDS = ['physical', 'virtual'] as const;
export const TERMINAL_STATUSES = ['unpaired', 'online', 'offline', 'disabled'] as const;
export const terminalStatusSchema = z.enum(TERMINAL_STATUSES);

export const terminalSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(TERMINAL_KINDS),
  location: z.string().nullable(),
  serial: z.string().nullable(),
  status: terminalStatusSchema,
  last_seen_at: timestamp.nullable(),
  app_version: z.string().nullable(),
  device_model: z.string().nullable(),
  battery: z.number().int().nullable(),
  network: z.string().nullable(),
  paired_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Terminal = z.infer<typeof terminalSchema>;

/** The fleet's view (terminal API management routes): the terminal and its sticker link. */
export const fleetTerminalSchema = terminalSchema.extend({
  /** `PUBLIC_URL/s/{token}`: the static pay link printed as the terminal's sticker QR code. */
  sticker_url: z.string(),
});
export type FleetTerminal = z.infer<typeof fleetTerminalSchema>;

export const createTerminalSchema = z.strictObject({
  label,
  kind: z.enum(TERMINAL_KINDS),
  location: z.string().trim().min(1).max(120).optional(),
  serial: z.string().trim().min(1).max(64).optional(),
});
export const updateTerminalSchema = z.strictObject({
  label: label.optional(),
  location: z.string().trim().min(1).max(120).nullable().optional(),
  serial: z.string().trim().min(1).max(64).nullable().optional(),
});

export const pairingCodeSchema = z.object({ code: z.string(), expires_at: timestamp });
export type PairingCode = z.infer<typeof pairingCodeSchema>;

export const pairRequestSchema = z.strictObject({
  code: z.string().trim().min(1).max(32),
  device: z
    .strictObject({
      model: z.string().max(80).optional(),
      app_version: z.string().max(40).optional(),
      serial: z.string().max(64).optional(),
    })
    .default({}),
});
export const pairResponseSchema = z.object({ terminal: terminalSchema, device_token: z.string() });
export type PairResponse = z.infer<typeof pairResponseSchema>;

export const heartbeatSchema = z.strictObject({
  app_version: z.string().max(40).optional(),
  battery: z.number().int().min(0).max(100).optional(),
  network: z.string().max(40).optional(),
});

export const TRANSACTION_STATUSES = [
  'pending',
  'processing',
  'requires_action',
  'partially_paid',
  'succeeded',
  'failed',
  'canceled',
  'expired',
  'partially_refunded',
  'refunded',
] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const amountSchema = z.number().int().positive().max(AMOUNT_MAX);

/**
 * Who made a transaction. `cli`: a test payment of `scanline trigger`, left out of the dashboard's figures unless it asks for them (`include_test=true`).
 */
export const TRANSACTION_SOURCES = ['terminal', 'api', 'console', 'sticker', 'cli'] as const;
export const transactionSourceSchema = z.enum(TRANSACTION_SOURCES);

/** A declined card sends the transaction back to `pending`; the third one fails it. */
export const MAX_DECLINED_ATTEMPTS = 3;
/** Why the last card was declined (Stripe's `last_payment_error`); null when none was. */
export const lastPaymentErrorSchema = z.object({ code: z.string(), message: z.string() }).nullable();
export type LastPaymentError = z.infer<typeof lastPaymentErrorSchema>;

/** A basket line's quantity: > 0, up to three decimals (a weight: 0.125 kg). */
export const lineQuantitySchema = z
  .number()
  .positive()
  .max(QUANTITY_MAX)
  .refine((q) => quantityThousandths(q) !== null, 'At most three decimals');

/**
 * One line of a checkout's basket (docs/guide/baskets.md): an item of the catalogue (with its
 * variant), or an ad-hoc line with its own name and price. `unit_price` with an item is only for
 * an item without a price (typed at the counter).
 */
export const createLineItemSchema = z.union([
  z.strictObject({
    item_id: z.string().min(1).max(64),
    variant_id: z.string().min(1).max(64).optional(),
    quantity: lineQuantitySchema,
    unit_price: z.number().int().min(0).max(AMOUNT_MAX).optional(),
  }),
  z.strictObject({
    name: z.string().trim().min(1).max(120),
    unit_price: z.number().int().min(0).max(AMOUNT_MAX),
    quantity: lineQuantitySchema,
    /** VAT included in the price, percent; defaults to the transaction's rate. */
    tax_rate: taxRateSchema.optional(),
  }),
]);
export type CreateLineItem = z.infer<typeof createLineItemSchema>;
export const LINE_ITEMS_MAX = 200;

/** A sold line as stored: name, price and VAT rate copied at sale time. */
export const lineItemSchema = z.object({
  id: z.string(),
  item_id: z.string().nullable(),
  variant_id: z.string().nullable(),
  name: z.string(),
  /** The item's category when sold (reports group by it); null for ad-hoc lines. */
  category: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number().int(),
  tax_rate: z.number().nullable(),
  /** quantity × unit_price, rounded half up. */
  total: z.number().int(),
  /** VAT included in total at tax_rate, rounded half up. */
  tax: z.number().int(),
  /** What refunds by line have given back of it so far. */
  refunded_quantity: z.number(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const createTransactionSchema = z.strictObject({
  /** Required without `line_items`; with them it is their sum (or left out). */
  amount: amountSchema.optional(),
  /** The basket: amount = Σ line totals (docs/guide/baskets.md). */
  line_items: z.array(createLineItemSchema).min(1).max(LINE_ITEMS_MAX).optional(),
  /** Defaults to the project's currency. */
  currency: currencySchema.optional(),
  reference: z.string().trim().min(1).max(120).optional(),
  metadata: z
    .record(z.string().max(40), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 20, 'at most 20 keys')
    .optional(),
  /** Only with a project API key: the terminal that shows the code. */
  terminal_id: z.string().min(1).max(64).optional(),
  /**
   * `cli` marks a test payment (what `scanline trigger` sends): kept apart from the shop's
   * figures on the dashboard. Otherwise the server says who made it (`terminal`, `api`, `console`).
   */
  source: z
    .literal('cli')
    .optional()
    .describe(
      "`cli` marks a test payment (as `scanline trigger` does): left out of the dashboard's figures unless asked.",
    ),
  /** This checkout asks the shopper for no tip. */
  skip_tipping: z.boolean().optional(),
  /** With an API key, the cashier (`stf_…`) who took the order. */
  cashier_id: z.string().min(1).max(64).optional(),
  /** VAT included in the amount, percent 0–100; defaults to the project's `tax_rate`. */
  tax_rate: taxRateSchema.optional(),
});
export type CreateTransaction = z.infer<typeof createTransactionSchema>;

/** The wallets the payment simulator's wallet sheet stands for (docs/guide/wallets.md). */
export const walletSchema = z.enum(['apple_pay', 'google_pay']);
/** The phone wallet the card was paid through, as the provider reports it (`apple_pay`, `google_pay`…). */
const cardWalletSchema = z
  .string()
  .nullable()
  .describe('The phone wallet the card came through (`apple_pay`, `google_pay`…), else null.');

/**
 * What every view of a transaction says alike; the terminal's view and the main API's extend it
 * (a field added here reaches both, one added to a view reaches that view only).
 */
const transactionBaseSchema = z.object({
  id: z.string(),
  status: transactionStatusSchema,
  source: transactionSourceSchema,
  amount: z.number().int(),
  currency: z.string(),
  /** The shopper's tip kept (0 until paid with one, less any tip refunded); `amount` stays the order amount. */
  tip_amount: z.number().int(),
  /** The part of the tip given back by refunds (their `tip_amount`). */
  tip_refunded: z.number().int(),
  /** amount + tip_amount + tip_refunded: what was charged, and the most a refund may reach. */
  amount_total: z.number().int(),
  /** What succeeded tenders have paid of `amount` (docs/guide/tenders.md); `amount` once succeeded. */
  amount_paid: z.number().int(),
  /** amount − amount_paid: what is left to pay. */
  amount_due: z.number().int(),
  /** The cashier signed in on the terminal (or named by the register) when it was made. */
  cashier_id: z.string().nullable(),
  cashier_name: z.string().nullable(),
  reference: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  terminal_id: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_wallet: cardWalletSchema,
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  last_payment_error: lastPaymentErrorSchema,
  /** Succeeded transactions only: the shopper's receipt page. */
  receipt_url: z.string().nullable(),
  expires_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});

/** What the terminal API answers for its own transactions. */
export const terminalTransactionSchema = transactionBaseSchema.extend({
  payment_url: z.string(),
  /** Its basket (docs/guide/baskets.md), on a create and a read; left out when it has none. */
  line_items: z.array(lineItemSchema).optional(),
});
export type TerminalTransaction = z.infer<typeof terminalTransactionSchema>;

/** `GET /terminal/v1/me`: what a paired device needs to set itself up. */
export const deviceMeSchema = z.object({
  terminal: terminalSchema,
  project: z.object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    time_zone: z.string(),
    /** Off: the keypad charges in `currency` only, and the server refuses another. */
    allow_other_currencies: z.boolean(),
  }),
  business: z.object({ name: z.string() }),
  /**
   * `required` when the project has staff (the terminal is locked until a cashier
   * signs in); the idle minutes after which a cashier session ends.
   */
  cashiers: z.object({ required: z.boolean(), idle_minutes: z.number().int() }),
});
export type DeviceMe = z.infer<typeof deviceMeSchema>;

/** Events of `GET /terminal/v1/stream`. */
export const DEVICE_STREAM_EVENTS = ['transaction', 'terminal'] as const;

/** What the main API answers in lists (and webhook `data`). */
export const transactionSchema = transactionBaseSchema.extend({
  amount_refunded: z.number().int(),
  terminal_label: z.string().nullable(),
  provider: z.enum(['simulator', 'stripe']),
  provider_reference: z.string().nullable(),
  /** VAT included in the amount, percent; null = none. */
  tax_rate: z.number().nullable(),
  /**
   * The VAT included in what was charged (the tip only when `tips_taxable` applied), as the
   * receipt states it; null without a rate.
   */
  tax_included: z.number().int().nullable(),
  /** The provider's fee once it succeeded; null before. */
  fee: z.number().int().nullable(),
  /** amount_total − amount_refunded − fee: what reaches the bank for it; null before it succeeded. */
  net: z.number().int().nullable(),
  /** The payout its payment went out in; null until paid out. */
  payout_id: z.string().nullable(),
  succeeded_at: timestamp.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const SCAN_OUTCOMES = ['opened', 'paid', 'abandoned', 'rejected'] as const;
export const scanOutcomeSchema = z.enum(SCAN_OUTCOMES);

export const scanSchema = z.object({
  id: z.string(),
  transaction_id: z.string().nullable(),
  terminal_id: z.string(),
  terminal_label: z.string().nullable(),
  outcome: scanOutcomeSchema,
  rejected_reason: z.string().nullable(),
  user_agent: z.string().nullable(),
  app_version: z.string().nullable(),
  paid_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Scan = z.infer<typeof scanSchema>;

export const refundSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  amount: z.number().int(),
  /** The part of `amount` that gives back the tip. */
  tip_amount: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  created_at: timestamp,
});
export type Refund = z.infer<typeof refundSchema>;

export const createRefundSchema = z.strictObject({
  amount: amountSchema.optional(),
  /**
   * The tender it gives back: required when the payment has more than one succeeded tender and
   * not all of them cash (422 `tender_required`); a cash tender's refund is cash out of the drawer.
   */
  tender_id: z.string().min(1).max(64).optional(),
  /**
   * The part of `amount` that gives back the tip (a mistaken tip). Alone, the refund is just
   * that tip. Without it a refund gives back the order amount first and the tip last.
   */
  tip_amount: z.number().int().min(0).optional(),
  reason: z.enum(['requested_by_customer', 'duplicate', 'fraudulent', 'other']).optional(),
  /**
   * Refund by line (docs/guide/baskets.md#refunds-by-line): the amount is what these quantities
   * of the lines cost; not with `amount` or `tip_amount`.
   */
  line_items: z
    .array(z.strictObject({ line_id: z.string().min(1).max(64), quantity: lineQuantitySchema }))
    .min(1)
    .max(LINE_ITEMS_MAX)
    .optional(),
});

export const TENDER_STATUSES = [
  'pending',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'refunded',
] as const;

/** One payment towards a transaction: a card, or cash with its change (docs/guide/tenders.md). */
export const tenderSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  method: z.enum(TENDER_METHODS),
  /** Its share of the order amount; the tip is apart. */
  amount: z.number().int(),
  tip_amount: z.number().int(),
  currency: z.string(),
  status: z.enum(TENDER_STATUSES),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_wallet: cardWalletSchema,
  /** Cash only: what the shopper handed over, and what went back (`cash_given − amount`). */
  cash_given: z.number().int().nullable(),
  change: z.number().int().nullable(),
  /** Card only, while pending: the tender's own payment page. */
  payment_url: z.string().nullable(),
  cashier_id: z.string().nullable(),
  succeeded_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Tender = z.infer<typeof tenderSchema>;

/** `POST /terminal/v1/transactions/{id}/tenders`: cash handed over at the counter. */
export const createCashTenderSchema = z.strictObject({
  method: z.literal('cash'),
  /** The share of what is due this cash pays (never more than `amount_due`). */
  amount: amountSchema,
  /** What the shopper handed over: at least `amount`; the difference is the change. */
  cash_given: amountSchema,
});

/** The same route for a card share: a pending tender with a payment page of its own. */
export const createCardTenderSchema = z.strictObject({
  method: z.literal('card'),
  /** The share of what is due the card pays, the shopper's tip apart (never more than `amount_due`). */
  amount: amountSchema,
});

export const createTenderSchema = z.discriminatedUnion('method', [
  createCashTenderSchema,
  createCardTenderSchema,
]);
export type CreateTender = z.infer<typeof createTenderSchema>;
export type CreateCashTender = z.infer<typeof createCashTenderSchema>;

/** `POST /terminal/v1/transactions/{id}/tenders/split`: N card shares of what is due. */
export const splitTendersSchema = z.strictObject({
  /** How many shares (2–20); they differ by at most one minor unit (`splitShares`). */
  shares: z.number().int().min(2).max(20),
});
export type SplitTenders = z.infer<typeof splitTendersSchema>;

/** The pending card tenders a split made, with the transaction as it stands. */
export const splitResultSchema = z.object({
  tenders: z.array(tenderSchema),
  transaction: terminalTransactionSchema,
});
export type SplitResult = z.infer<typeof splitResultSchema>;

/** A tender with the transaction as it stands after it. */
export const tenderResultSchema = z.object({
  tender: tenderSchema,
  transaction: terminalTransactionSchema,
});
export type TenderResult = z.infer<typeof tenderResultSchema>;

export const paymentAttemptSchema = z.object({
  id: z.string(),
  status: z.enum(['processing', 'succeeded', 'failed', 'declined', 'requires_action']),
  payment_method: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_wallet: cardWalletSchema,
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: timestamp,
});

export const statusChangeSchema = z.object({
  from: transactionStatusSchema.nullable(),
  status: transactionStatusSchema,
  reason: z.string().nullable(),
  at: timestamp,
});

export const transactionDetailSchema = transactionSchema.extend({
  status_history: z.array(statusChangeSchema),
  payment_attempts: z.array(paymentAttemptSchema),
  scans: z.array(scanSchema),
  refunds: z.array(refundSchema),
  /** The payments towards it, in the order they were made (docs/guide/tenders.md). */
  tenders: z.array(tenderSchema),
  /** Its basket in the order sent; empty for a checkout of an amount (docs/guide/baskets.md). */
  line_items: z.array(lineItemSchema),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  object_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: timestamp,
});
export type ProjectEvent = z.infer<typeof eventSchema>;

// Mobile API (shoppers, no sign-in).
export const openScanSchema = z.strictObject({ token: z.string().min(1).max(64) });
/** A basket line as the shopper's page shows it: no ids, categories or VAT. */
export const shopperLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  unit_price: z.number().int(),
  total: z.number().int(),
});
export type ShopperLine = z.infer<typeof shopperLineSchema>;
export const shopperScanSchema = z.object({
  id: z.string(),
  transaction: z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: transactionStatusSchema,
    expires_at: timestamp,
    /** Only when failed: why, as the shopper page shows it. */
    failure_code: z.string().nullable().optional(),
    failure_message: z.string().nullable().optional(),
    /** After a declined card, while another may be tried: why. */
    last_payment_error: lastPaymentErrorSchema.optional(),
    /** Once paid: the receipt page. */
    receipt_url: z.string().nullable().optional(),
    /** The tip paid with it (0 before), and amount + tip. */
    tip_amount: z.number().int().optional(),
    amount_total: z.number().int().optional(),
    /**
     * The shopper's own note from a terminal's sticker page ("Tisch 4"), shown back to them
     * while they pay; null for payments started elsewhere, whose reference is
     * the merchant's.
     */
    note: z.string().nullable().optional(),
    /**
     * What is being paid for (docs/guide/baskets.md#on-the-pay-page): the basket's lines as the
     * receipt lists them; left out when the checkout has none, and on a card share's code.
     */
    line_items: z.array(shopperLineSchema).optional(),
  }),
  /**
   * The tip choices to show before the card form, with the amount each adds;
   * null when the project does not ask for tips or the register skipped them for this checkout.
   */
  tipping: z
    .object({
      choices: z.array(
        z.object({
          kind: z.enum(['percent', 'fixed']),
          percent: z.number().int().optional(),
          amount: z.number().int(),
        }),
      ),
      allow_custom: z.boolean(),
      /** The largest tip: the order amount. */
      max_amount: z.number().int(),
    })
    .nullable()
    .optional(),
  merchant: z.object({ name: z.string() }),
  terminal: z.object({ label: z.string() }),
  provider: z.enum(['simulator', 'stripe']),
  /** Stripe only: what Stripe.js needs to mount the Payment Element. */
  stripe: z.object({ publishable_key: z.string().nullable(), client_secret: z.string() }).nullable(),
});
export type ShopperScan = z.infer<typeof shopperScanSchema>;

/** Sticker QR: what a shopper sees after scanning a terminal's sticker. */
export const STICKER_AMOUNT_UNITS = { min: 0.5, max: 10_000 } as const;
export const stickerSchema = z.object({
  merchant: z.object({ name: z.string() }),
  terminal: z.object({ label: z.string() }),
  currency: z.string(),
  /** Allowed amounts in minor units of `currency`. */
  min_amount: z.number().int(),
  max_amount: z.number().int(),
});
export type Sticker = z.infer<typeof stickerSchema>;
export const createStickerPaymentSchema = z.strictObject({
  amount: z.number().int().positive(),
  note: z.string().trim().min(1).max(120).optional(),
});
export const stickerPaymentSchema = z.object({ transaction_id: z.string(), payment_url: z.string() });

/** `POST /mobile/v1/scans/{scan_id}/receipt`: the address is used once, not kept. */
export const RECEIPT_EMAILS_PER_TRANSACTION = 3;
export const emailReceiptSchema = z.strictObject({
  email: z.string().trim().email().max(254),
  /** The language the shopper reads the pay page in; else their Accept-Language. */
  locale: z
    .string()
    .max(64)
    .optional()
    .describe('The language of the email (`de`, `pt-BR`…), as the pay page shows it; else Accept-Language.'),
});
export const emailReceiptResultSchema = z.object({ sent: z.literal(true), emails_left: z.number().int() });

export const payRequestSchema = z.strictObject({
  payment_method: z.string().min(1).max(255),
  /** The shopper's tip in minor units, 0 ≤ tip ≤ the amount; charged with the amount. */
  tip_amount: z.number().int().min(0).max(AMOUNT_MAX).optional(),
  /**
   * The payment simulator's wallet sheet: the card comes through Apple Pay or Google Pay. With
   * Stripe the wallet is Stripe's to report (Express Checkout Element) and this is ignored.
   */
  wallet: walletSchema.optional(),
});
export const payResponseSchema = z.object({
  /** `pending`: this card was declined and another may be tried. */
  status: z.enum(['succeeded', 'failed', 'requires_action', 'processing', 'pending']),
  failure_code: z.string().optional(),
  failure_message: z.string().optional(),
  last_payment_error: lastPaymentErrorSchema.optional(),
  /** Once succeeded: the receipt page. */
  receipt_url: z.string().optional(),
  next_action: z.object({ type: z.string(), confirm_url: z.string().optional() }).optional(),
});
export type PayResponse = z.infer<typeof payResponseSchema>;
