import { bigint, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * One row, written by the first replica with the secrets key it had: a known text
 * sealed with that key. Every later start opens it, so a replica with another key refuses to
 * start instead of failing on each webhook secret it cannot decrypt.
 */
export const secretsKeyChecks = pgTable('secrets_key_checks', {
  id: smallint().primaryKey().default(1),
  /** `v1.<iv>.<tag>.<ciphertext>` of KEY_CHECK_PLAINTEXT (platform/crypto/key-check.ts). */
  checkValue: text().notNull(),
  /** Where the first key came from: `SECRETS_KEY` or `DATA_DIR` (named in the refusal message). */
  keySource: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Server processes sharing this PostgreSQL database, registered at start and seen by a
 * heartbeat: a key generated into one replica's DATA_DIR cannot be another's, so with more than
 * one replica SECRETS_KEY is required. A clean shutdown removes its row.
 */
export const replicas = pgTable('replicas', {
  /** Kept in DATA_DIR/replica-id, so a restart is the same replica. */
  id: text().primaryKey(),
  hostname: text().notNull(),
  keySource: text().notNull(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
});

/**
 * Read-your-writes across app replicas: each caller's (user, API key, device)
 * primary WAL position after its last write. Any app replica reads it before sending that
 * caller's reads to a read replica, which must have replayed this far; rows older than
 * REPLICA_MAX_LAG_SECONDS no longer hold anyone back. Written only with DATABASE_REPLICA_URL.
 */
export const callerWritePositions = pgTable('caller_write_positions', {
  /** `user:<uid>`, `key:<key id>` or `device:<terminal id>`. */
  caller: text().primaryKey(),
  /** `pg_current_wal_lsn()` after the write, in bytes since 0/0. */
  lsn: bigint({ mode: 'bigint' }).notNull(),
  writtenAt: timestamptz('written_at').notNull().defaultNow(),
});
