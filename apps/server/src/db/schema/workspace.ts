import type { TippingSettings } from '@scanline/contracts/tips';
import { sql } from 'drizzle-orm';
import {
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

/** A legal entity a user owns; holds the payment-provider settings (secrets encrypted). */
export const businesses = pgTable(
  'businesses',
  {
    id: text().primaryKey(),
    ownerUid: text().notNull(),
    name: text().notNull(),
    legalName: text(),
    country: text().notNull(),
    defaultCurrency: text().notNull(),
    supportEmail: text(),
    /** `{line1, line2?, postal_code?, city, state?, country}` (contracts' businessAddressSchema). */
    address: jsonb().$type<Record<string, string>>(),
    /** VAT ID or other tax number, printed on receipts. */
    vatId: text(),
    paymentProvider: text().$type<'simulator' | 'stripe'>().notNull().default('simulator'),
    stripeSecretKeyEnc: text(),
    stripeSecretKeyLast4: text(),
    /** Not a secret: Stripe.js needs it in the shopper's browser for the Payment Element. */
    stripePublishableKey: text(),
    stripeWebhookSecretEnc: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('businesses_owner_idx').on(t.ownerUid, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The workspace; soft-deleted projects are restorable for 30 days, then purged. */
export const projects = pgTable(
  'projects',
  {
    id: text().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => businesses.id),
    name: text().notNull(),
    timeZone: text().notNull(),
    currency: text().notNull(),
    /** Email owner and admins when a terminal stays offline this long; null = off. */
    terminalOfflineAlertMinutes: integer('terminal_offline_alert_minutes'),
    /** People reach this project only from a session that passed a second factor. */
    requireMfa: boolean('require_mfa').notNull().default(false),
    /** The tip settings; null = the defaults (DEFAULT_TIPPING: off). */
    tipping: jsonb().$type<TippingSettings>(),
    /** A cashier session ends after this many minutes without a request. */
    cashierIdleMinutes: integer('cashier_idle_minutes').notNull().default(5),
    /** VAT included in amounts, percent with up to two decimals; null = none. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    /** VAT applies to tips too; by default a voluntary tip is outside VAT. */
    tipsTaxable: boolean('tips_taxable').notNull().default(false),
    /** The scheduled close of every terminal, "HH:MM" in the project's zone; null = none. */
    dailyCloseTime: text('daily_close_time'),
    /** Email each close's report to the owner and admins. */
    closeReportEmail: boolean('close_report_email').notNull().default(false),
    /** Days after a payment's local date until it may be paid out. */
    payoutDelayDays: integer('payout_delay_days').notNull().default(2),
    /** The daily payout run, "HH:MM" in the project's zone. */
    payoutTime: text('payout_time').notNull().default('06:00'),
    /** Charges in another currency than `currency` are refused unless this is on. */
    allowOtherCurrencies: boolean('allow_other_currencies').notNull().default(false),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('projects_business_idx').on(t.businessId)],
);

/** (project, user, role); exactly one owner per project. */
export const memberships = pgTable(
  'memberships',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uid: text().notNull(),
    /** The member's address when they joined (works with any identity provider). */
    email: text(),
    role: text().$type<'owner' | 'admin' | 'member'>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.uid] }),
    index('memberships_uid_idx').on(t.uid),
    index('memberships_project_list_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.uid.desc().nullsFirst(),
    ),
    // The members table's other sorts: by address and by role, uid as tie-break.
    index('memberships_project_email_idx').on(t.projectId, sql`coalesce(${t.email}, '')`, t.uid),
    index('memberships_project_role_idx').on(t.projectId, t.role, t.uid),
    // Global search: an email prefix, case-insensitive (see terminals' search indexes).
    index('memberships_project_email_search_idx').on(t.projectId, sql`(lower(${t.email}) collate "C")`),
  ],
);

/** Pending invitations; the link carries a random token, stored hashed, valid 7 days. */
export const invitations = pgTable(
  'invitations',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    emailNormalized: text().notNull(),
    role: text().$type<'admin' | 'member'>().notNull(),
    tokenHash: text().notNull(),
    invitedBy: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    respondedAt: timestamptz('responded_at'),
    response: text().$type<'accepted' | 'declined' | 'revoked'>(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_project_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('invitations_email_idx').on(t.emailNormalized),
  ],
);

/** Project API keys: only SHA-256 hashes are kept; a rolled key's old secret lives until its grace ends. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mode: text().$type<'read' | 'write'>().notNull(),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    previousSecretHash: text(),
    previousExpiresAt: timestamptz('previous_expires_at'),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_key').on(t.secretHash),
    uniqueIndex('api_keys_previous_secret_key').on(t.previousSecretHash),
    index('api_keys_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Who changed what, when and from where; written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    actorKind: text().$type<'user' | 'api_key' | 'terminal'>().notNull(),
    actorId: text().notNull(),
    actorEmail: text(),
    action: text().notNull(),
    target: text(),
    ip: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
