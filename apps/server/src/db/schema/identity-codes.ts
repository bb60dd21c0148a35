import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { identityUsers } from './identity';

/** One-time codes in email links; only the SHA-256 of the code is kept. */
export const identityOobCodes = pgTable(
  'identity_oob_codes',
  {
    codeHash: text().primaryKey(),
    kind: text()
      .$type<'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL'>()
      .notNull(),
    uid: text().references(() => identityUsers.uid, { onDelete: 'cascade' }),
    email: text().notNull(),
    newEmail: text(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('identity_oob_codes_uid_idx').on(t.uid)],
);

/** Federated sign-in results waiting for the console to collect them (single use, minutes). */
export const identityFederatedHandles = pgTable('identity_federated_handles', {
  handleHash: text().primaryKey(),
  providerId: text().notNull(),
  idToken: text().notNull(),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** Mail kept locally when no SMTP server is configured; read with `npm run cli -- mail list`. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    kind: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** An authorisation-code flow in progress: PKCE verifier, nonce and where to return (10 minutes). */
export const identityFederatedFlows = pgTable('identity_federated_flows', {
  stateHash: text().primaryKey(),
  providerName: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  mode: text().$type<'popup' | 'redirect'>().notNull(),
  returnTo: text(),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
});
