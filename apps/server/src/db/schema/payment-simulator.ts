import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * The payment simulator's own ledger: what "the provider" charged, kept durably like Stripe
 * keeps charges. One row per (project, idempotency key = our transaction id), so a repeated
 * charge returns the first one and "exactly one charge per transaction" is a row count.
 */
export const simulatorCharges = pgTable(
  'simulator_charges',
  {
    projectId: text().notNull(),
    idempotencyKey: text().notNull(),
    id: text().notNull(),
    paymentMethod: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    status: text().$type<'succeeded' | 'failed' | 'requires_action'>().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    cardWallet: text(),
    failureCode: text(),
    amountRefunded: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.idempotencyKey] })],
);

/** Refunds at the simulator, keyed by our refund id so a retried refund is not paid twice. */
export const simulatorRefunds = pgTable(
  'simulator_refunds',
  {
    projectId: text().notNull(),
    idempotencyKey: text().notNull(),
    id: text().notNull(),
    chargeId: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.idempotencyKey] })],
);
