import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';

/** Users of the built-in identity service. Firebase-style 28-character uid. */
export const identityUsers = pgTable(
  'identity_users',
  {
    uid: text().primaryKey(),
    email: text(),
    /** Lower-cased email: addresses are unique case-insensitively. */
    emailNormalized: text(),
    emailVerified: boolean().notNull().default(false),
    passwordHash: text(),
    passwordUpdatedAt: timestamptz('password_updated_at'),
    displayName: text(),
    photoUrl: text(),
    phoneNumber: text(),
    disabled: boolean().notNull().default(false),
    /** ID tokens whose auth_time is before this, and refresh tokens created before it, are dead. */
    tokensValidAfter: timestamptz('tokens_valid_after').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamptz('last_login_at'),
    lastRefreshAt: timestamptz('last_refresh_at'),
  },
  (t) => [uniqueIndex('identity_users_email_key').on(t.emailNormalized)],
);

/** Federated identities linked to a user (`oidc.<name>`, `google.com`). */
export const identityProviderLinks = pgTable(
  'identity_provider_links',
  {
    uid: text()
      .notNull()
      .references(() => identityUsers.uid, { onDelete: 'cascade' }),
    providerId: text().notNull(),
    federatedId: text().notNull(),
    email: text(),
    displayName: text(),
    photoUrl: text(),
    rawUserInfo: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_provider_links_federated_key').on(t.providerId, t.federatedId),
    index('identity_provider_links_uid_idx').on(t.uid),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; one row per signed-in session. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    id: text().primaryKey(),
    uid: text()
      .notNull()
      .references(() => identityUsers.uid, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    provider: text().notNull(),
    /** When the user actually signed in; carried into every refreshed ID token. */
    authTime: timestamptz('auth_time').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text(),
    ip: text(),
    /** The second factor this session passed ('totp'), carried into every refreshed ID token. */
    secondFactor: text('second_factor'),
    /** The enrollment id of that factor (`firebase.second_factor_identifier`). */
    secondFactorIdentifier: text('second_factor_identifier'),
  },
  (t) => [
    uniqueIndex('identity_refresh_tokens_hash_key').on(t.tokenHash),
    index('identity_refresh_tokens_uid_idx').on(t.uid),
  ],
);

/** RS256 signing keys. The newest unretired one signs; retired ones stay published a while. */
export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text().primaryKey(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamptz('retired_at'),
});

/** Fixed-window counters shared by every replica (sign-in, sign-up and mail throttles). */
export const identityRateLimits = pgTable('identity_rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer().notNull(),
});

/** Enrolled TOTP second factors; the shared secret is sealed with the secrets key. */
export const identityMfaFactors = pgTable(
  'identity_mfa_factors',
  {
    id: text().primaryKey(),
    uid: text()
      .notNull()
      .references(() => identityUsers.uid, { onDelete: 'cascade' }),
    displayName: text(),
    secretSealed: text('secret_sealed').notNull(),
    /** The last 30-second step a code was accepted for: that code (and older ones) are refused. */
    lastUsedStep: integer('last_used_step'),
    enrolledAt: timestamptz('enrolled_at').notNull(),
  },
  (t) => [index('identity_mfa_factors_uid_idx').on(t.uid)],
);

/**
 * Proofs in progress, stored as hashes: `enroll` (mfaEnrollment:start's sessionInfo, holding
 * the sealed secret to confirm) and `signin` (an mfaPendingCredential after a first factor).
 */
export const identityMfaPending = pgTable(
  'identity_mfa_pending',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text().notNull(),
    uid: text()
      .notNull()
      .references(() => identityUsers.uid, { onDelete: 'cascade' }),
    /** First-factor provider of a sign-in (`password`, `oidc.x`). */
    provider: text(),
    secretSealed: text('secret_sealed'),
    failures: integer().notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('identity_mfa_pending_uid_idx').on(t.uid)],
);

/** Single-use recovery codes (SHA-256 of the normalized code); a new set deletes the old. */
export const identityRecoveryCodes = pgTable(
  'identity_recovery_codes',
  {
    id: text().primaryKey(),
    uid: text()
      .notNull()
      .references(() => identityUsers.uid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_recovery_codes_uid_idx').on(t.uid)],
);
