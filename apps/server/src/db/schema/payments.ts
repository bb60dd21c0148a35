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
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { projects } from './workspace';

// The payment core. Every table carries project_id, every list index
// leads with it, so the schema can later be distributed by project. The two
// global lookups a device or a shopper makes before any project is known (pairing code,
// device token, payment token) are unique hashes/tokens of ≥ 40 random bits, not project data.

// Descending index columns say `.nullsFirst()`: `ORDER BY x DESC` means NULLS FIRST, and
// drizzle's bare `.desc()` writes DESC NULLS LAST, which PostgreSQL cannot walk for that order
// (EXPLAIN showed a full sort of every project row per page).
const money = (name: string) => bigint(name, { mode: 'number' });

export type TerminalKind = 'physical' | 'virtual';
export type TerminalStatus = 'unpaired' | 'online' | 'offline' | 'disabled';

export const terminals = pgTable(
  'terminals',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    kind: text().$type<TerminalKind>().notNull(),
    location: text(),
    serial: text(),
    status: text().$type<TerminalStatus>().notNull().default('unpaired'),
    /** SHA-256 of the device token; null until paired, and again after disabling. */
    deviceTokenHash: text(),
    deviceModel: text(),
    appVersion: text(),
    battery: integer(),
    network: text(),
    lastSeenAt: timestamptz('last_seen_at'),
    /**
     * Online until then: a heartbeat extends it by TERMINAL_OFFLINE_AFTER_SECONDS, an open
     * device stream by its lease (renewed by the replica holding it), a dropped stream cuts it to
     * TERMINAL_STREAM_GRACE_SECONDS. Null on rows older than the column (last_seen_at rules then).
     */
    onlineUntil: timestamptz('online_until'),
    pairedAt: timestamptz('paired_at'),
    disabledAt: timestamptz('disabled_at'),
    /**
     * Offline alerts: when the last "offline" email went out, and whether its
     * "back online" email is still owed.
     */
    offlineAlertSentAt: timestamptz('offline_alert_sent_at'),
    /**
     * The sticker QR's token: `PUBLIC_URL/s/{token}` takes payments whatever the
     * terminal's state but disabled. 256 random bits; a public link, so kept as is (not hashed),
     * and replaced by rotation.
     */
    stickerToken: text('sticker_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    offlineAlertOpen: boolean('offline_alert_open').notNull().default(false),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('terminals_device_token_key').on(t.deviceTokenHash),
    uniqueIndex('terminals_sticker_token_key').on(t.stickerToken),
    index('terminals_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('terminals_project_status_idx').on(
      t.projectId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Global search: case-insensitive label and serial prefixes. `lower(…) collate "C"`
    // turns `like 'abc%'` into an index range and gives the order the results are listed in.
    index('terminals_project_label_search_idx').on(t.projectId, sql`(lower(${t.label}) collate "C")`),
    index('terminals_project_serial_search_idx').on(t.projectId, sql`(lower(${t.serial}) collate "C")`),
    // The offline sweeper reads only online terminals, oldest heartbeat first.
    index('terminals_online_seen_idx').on(t.lastSeenAt).where(sql`status = 'online'`),
  ],
);

/** 8-character single-use codes, valid 15 minutes; only the SHA-256 is kept. */
export const terminalPairingCodes = pgTable(
  'terminal_pairing_codes',
  {
    codeHash: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    terminalId: text()
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when used, or when a newer code for the same terminal voids this one. */
    usedAt: timestamptz('used_at'),
    voidedAt: timestamptz('voided_at'),
  },
  (t) => [index('terminal_pairing_codes_terminal_idx').on(t.projectId, t.terminalId)],
);

export type TransactionStatus =
  | 'pending'
  | 'processing'
  | 'requires_action'
  | 'partially_paid'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  | 'expired'
  | 'partially_refunded'
  | 'refunded';

export const transactions = pgTable(
  'transactions',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    terminalId: text()
      .notNull()
      .references(() => terminals.id),
    amount: money('amount').notNull(),
    currency: text().notNull(),
    status: text().$type<TransactionStatus>().notNull().default('pending'),
    /** Who made it: the device, an API key, the console, or a shopper's sticker scan. */
    source: text().$type<TransactionSource>().notNull().default('api'),
    /** The receipt page's token: `PUBLIC_URL/receipts/{token}`, made when it succeeds. */
    receiptToken: text('receipt_token'),
    /** Its full URL, fixed when it succeeded (as Stripe's `receipt_url`: links in emails keep working). */
    receiptUrl: text('receipt_url'),
    /** Receipt emails sent for it (at most 3; the addresses are not kept). */
    receiptEmailsSent: integer('receipt_emails_sent').notNull().default(0),
    reference: text(),
    metadata: jsonb().$type<Record<string, string>>(),
    /** The unguessable last segment of payment_url (≥ 128 bits); what the QR code carries. */
    paymentToken: text().notNull(),
    provider: text().$type<'simulator' | 'stripe'>().notNull(),
    providerReference: text(),
    cardBrand: text(),
    cardLast4: text(),
    /** The phone wallet the card was paid through (`apple_pay`, `google_pay`…), else null. */
    cardWallet: text(),
    failureCode: text(),
    failureMessage: text(),
    amountRefunded: money('amount_refunded').notNull().default(0),
    /**
     * A basket's VAT: the sum of its lines' VAT, fixed at sale time (docs/guide/baskets.md); null
     * without lines. `tax_included` and the close count it instead of one rate over the amount.
     */
    lineTax: money('line_tax'),
    /**
     * What succeeded tenders paid of `amount`, kept only while partially paid: a succeeded
     * transaction paid all of it (amountPaidOf, docs/guide/tenders.md).
     */
    amountPaid: money('amount_paid').notNull().default(0),
    /**
     * The shopper's tip, set with each payment try (a retry after a decline may
     * pick another); `amount` stays the order amount, amount + tip_amount is what was charged.
     */
    tipAmount: money('tip_amount').notNull().default(0),
    /** The part of the tip given back by refunds (each refund's `tip_amount`). */
    tipRefunded: money('tip_refunded').notNull().default(0),
    /** Whether VAT applies to the tip, from the project's `tips_taxable` when it was created. */
    tipTaxable: boolean('tip_taxable').notNull().default(false),
    /** The register asked for no tip on this checkout (`skip_tipping`). */
    skipTipping: boolean('skip_tipping').notNull().default(false),
    /** Who sold it (plain columns: the name stays as it was if the cashier is renamed or deleted). */
    cashierId: text('cashier_id'),
    cashierName: text('cashier_name'),
    /** VAT included in the amount: the create's `tax_rate`, else the project's then. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    /** The provider's fee, set when it succeeded. */
    fee: money('fee'),
    /** The payout its payment's balance entry went out in. */
    payoutId: text('payout_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    succeededAt: timestamptz('succeeded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transactions_payment_token_key').on(t.paymentToken),
    uniqueIndex('transactions_receipt_token_key').on(t.receiptToken),
    index('transactions_project_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_project_status_idx').on(
      t.projectId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_project_terminal_idx').on(
      t.projectId,
      t.terminalId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The expiry sweep reads only pending transactions past their time.
    index('transactions_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status in ('pending', 'requires_action')`),
    // Crash recovery on start reads only transactions left processing.
    index('transactions_processing_idx').on(t.updatedAt).where(sql`status = 'processing'`),
    // Keyset sorts the console offers by amount (all, and per status), and the
    // dashboard rollup job's change scan.
    index('transactions_project_amount_idx').on(t.projectId, t.amount, t.id),
    index('transactions_project_status_amount_idx').on(t.projectId, t.status, t.amount, t.id),
    index('transactions_updated_idx').on(t.updatedAt),
    // Closes: a terminal's payments by the time they succeeded.
    index('transactions_terminal_succeeded_idx')
      .on(t.terminalId, t.succeededAt)
      .where(sql`succeeded_at is not null`),
    // Global search: a reference prefix, first few in order straight off the index
    // (only ~30 % of payments carry a reference, hence partial); a card's last 4, newest first.
    // created_at and reference itself after the (unique) id: the list's prefix filter takes its
    // newest page from this index alone (narrowByPrefix). PostgreSQL reads an
    // expression's column from the index only if the column itself is there (its LIKE recheck
    // needs `reference`), hence the plain column too.
    index('transactions_project_reference_search_idx')
      .on(t.projectId, sql`(lower(${t.reference}) collate "C")`, t.id, t.createdAt, t.reference)
      .where(sql`reference is not null`),
    // The newest payments that carry a reference, with it: a prefix matching
    // 1 % of them finds its newest 51 by an index-only walk of ~5,000 entries here, where the
    // reference index would sort all its matches (33,000 at 10 million rows). The planner
    // picks between the two from the statistics on the folded reference (migration 0019).
    index('transactions_project_referenced_idx')
      .on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.reference)
      .where(sql`reference is not null`),
    // The transactions list filtered by cashier.
    index('transactions_project_cashier_idx').on(
      t.projectId,
      t.cashierId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_project_card_last4_idx').on(
      t.projectId,
      t.cardLast4,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Every status change of a transaction with its time: the detail's timeline. */
export const transactionStatusChanges = pgTable(
  'transaction_status_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: text().notNull(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<TransactionStatus>(),
    toStatus: text().$type<TransactionStatus>().notNull(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('transaction_status_changes_txn_idx').on(t.transactionId, t.id)],
);

/**
 * `declined`: the provider declined the card (the shopper may try another, up to
 * MAX_DECLINED_ATTEMPTS); `failed`: nothing was charged for another reason (an error, a crash).
 */
/** Where a transaction came from. */
export type TransactionSource = 'terminal' | 'api' | 'console' | 'sticker' | 'cli';

export type PaymentAttemptStatus = 'processing' | 'succeeded' | 'failed' | 'declined' | 'requires_action';

/** One try to pay a transaction: the payment method id (never a card number) and its result. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    scanId: text(),
    provider: text().$type<'simulator' | 'stripe'>().notNull(),
    paymentMethod: text().notNull(),
    status: text().$type<PaymentAttemptStatus>().notNull(),
    providerReference: text(),
    cardBrand: text(),
    cardLast4: text(),
    /** The phone wallet the card was paid through (`apple_pay`, `google_pay`…), else null. */
    cardWallet: text(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_attempts_txn_idx').on(t.transactionId, t.createdAt)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The tender it gives back, for a payment made by more than one (docs/guide/tenders.md#refunds). */
    tenderId: text('tender_id'),
    amount: money('amount').notNull(),
    /** The part of `amount` that gives back the tip (never VAT's unless the tip was taxable). */
    tipAmount: money('tip_amount').notNull().default(0),
    currency: text().notNull(),
    reason: text(),
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    providerReference: text(),
    failureCode: text(),
    createdBy: text().notNull(),
    /**
     * When the provider confirmed it: the moment the refund came into being for
     * the books, so a close counts it exactly once even if it was pending while a close was made.
     */
    succeededAt: timestamptz('succeeded_at'),
    /**
     * When a refund that had succeeded was reported failed by the provider (the money came
     * back to the balance): its status is then `failed` and `succeeded_at` is kept, so the close
     * that counted it still recounts as made, and the close whose period holds this instant
     * counts it back (docs/guide/closes.md#refunds-that-fail-after-succeeding).
     */
    reversedAt: timestamptz('reversed_at'),
    /** A refund of a payment made in cash: the drawer the cash came out of (docs/guide/drawer.md). */
    drawerId: text('drawer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_project_succeeded_idx')
      .on(t.projectId, t.succeededAt)
      .where(sql`succeeded_at is not null`),
    index('refunds_txn_idx').on(t.transactionId, t.createdAt),
    index('refunds_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('refunds_updated_idx').on(t.updatedAt),
  ],
);

export type TenderMethod = 'card' | 'cash';
export type TenderStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

/**
 * One payment towards a transaction (docs/guide/tenders.md): a card, or cash handed over at the
 * counter with its change. A transaction's succeeded tenders' `amount`s add up to what it has
 * been paid; the card flow of a single checkout is one card tender for the whole amount.
 */
export const tenders = pgTable(
  'tenders',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    method: text().$type<TenderMethod>().notNull(),
    /** Its share of the order amount (minor units), tip not included. */
    amount: money('amount').notNull(),
    tipAmount: money('tip_amount').notNull().default(0),
    status: text().$type<TenderStatus>().notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardWallet: text('card_wallet'),
    /** Cash only: what the shopper handed over, and what went back to them. */
    cashGiven: money('cash_given'),
    change: money('change'),
    cashierId: text('cashier_id'),
    succeededAt: timestamptz('succeeded_at'),
    /** Cash only: the drawer the cash went into (docs/guide/drawer.md). */
    drawerId: text('drawer_id'),
    /** Cash only, when given back (a partly paid checkout canceled): when, and out of which drawer. */
    refundedAt: timestamptz('refunded_at'),
    refundDrawerId: text('refund_drawer_id'),
    /** Card only: the token of the tender's own payment page (`/pay/{token}`), like a transaction's. */
    paymentToken: text('payment_token'),
    /** Card only: the provider's id for the charge that paid it (what its refunds name). */
    providerReference: text('provider_reference'),
    /**
     * Card shares of a Stripe project (docs/guide/tenders.md#stripe-card-shares): `authorized`
     * while the card is only held, `captured` once the whole bill is paid, `released` when the
     * checkout was canceled (the hold given up, nothing charged). Null: charged at once.
     */
    captureState: text('capture_state').$type<'authorized' | 'captured' | 'released'>(),
    /** Card only: declined tries so far; each new card is a new charge with its own key. */
    declines: integer().notNull().default(0),
    /** Card only: the provider's fee on what it charged (simulator now, Stripe later). */
    fee: money('fee'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tenders_drawer_idx').on(t.drawerId).where(sql`drawer_id is not null`),
    index('tenders_refund_drawer_idx').on(t.refundDrawerId).where(sql`refund_drawer_id is not null`),
    index('tenders_transaction_idx').on(t.projectId, t.transactionId, t.createdAt),
    uniqueIndex('tenders_payment_token_key').on(t.paymentToken),
  ],
);

export type ScanOutcome = 'opened' | 'paid' | 'abandoned' | 'rejected';

/** One time a shopper's phone opened a payment code. */
export const scans = pgTable(
  'scans',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    transactionId: text().references(() => transactions.id, { onDelete: 'cascade' }),
    /** A card tender's own payment page was scanned: the scan pays that share only. */
    tenderId: text('tender_id'),
    terminalId: text().notNull(),
    outcome: text().$type<ScanOutcome>().notNull().default('opened'),
    /** Why a scan was rejected: the transaction's status at the time (expired, canceled, paid). */
    rejectedReason: text(),
    userAgent: text(),
    appVersion: text(),
    ipHash: text(),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scans_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('scans_project_outcome_idx').on(
      t.projectId,
      t.outcome,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('scans_project_terminal_idx').on(
      t.projectId,
      t.terminalId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('scans_txn_idx').on(t.transactionId),
    index('scans_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Idempotency-Key records: the first answer is replayed for 24 hours. Scoped by
 * project and caller (a terminal or an API key), as Stripe scopes them by account.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    projectId: text().notNull(),
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    state: text().$type<'in_progress' | 'done'>().notNull(),
    responseStatus: integer(),
    responseBody: jsonb().$type<unknown>(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.scope, t.key] }),
    index('idempotency_keys_expiry_idx').on(t.expiresAt),
  ],
);
