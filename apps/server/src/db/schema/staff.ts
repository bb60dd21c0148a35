import type { StaffRole } from '@scanline/contracts';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { terminals } from './payments';
import { projects } from './workspace';

/**
 * A project's staff: people who sign in to its terminals with a PIN. The PIN is
 * kept twice, never readable: an argon2id hash (the slow hash that proves it), and an HMAC
 * under a key derived from SECRETS_KEY, unique per project, which finds the one staff member a
 * PIN belongs to and makes `pin_in_use` a unique-index answer (a salted hash cannot be looked
 * up by PIN).
 */
export const staff = pgTable(
  'staff',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    role: text().$type<StaffRole>().notNull(),
    pinHash: text('pin_hash').notNull(),
    pinLookup: text('pin_lookup').notNull(),
    disabledAt: timestamptz('disabled_at'),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_project_pin_key').on(t.projectId, t.pinLookup),
    index('staff_project_idx').on(t.projectId, t.createdAt, t.id),
  ],
);

/**
 * A cashier signed in on one terminal. Only the SHA-256 of the session token is
 * kept. Every request that carries it is checked here (one guarded UPDATE that also moves
 * last_seen_at), so an idle, signed-out, disabled or deleted cashier's session is refused by
 * every replica at once.
 */
export const cashierSessions = pgTable(
  'cashier_sessions',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    terminalId: text()
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    staffId: text()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** signed_out, switched, idle, disabled, pin_changed. */
    endedReason: text('ended_reason'),
  },
  (t) => [
    uniqueIndex('cashier_sessions_token_key').on(t.tokenHash),
    index('cashier_sessions_staff_idx').on(t.staffId),
    index('cashier_sessions_terminal_idx').on(t.terminalId),
  ],
);

/** Wrong PINs per terminal: 5 within 15 minutes lock PIN sign-in there. */
export const cashierPinFailures = pgTable(
  'cashier_pin_failures',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    terminalId: text()
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cashier_pin_failures_terminal_idx').on(t.terminalId, t.createdAt),
    index('cashier_pin_failures_project_idx').on(t.projectId, t.createdAt),
  ],
);
