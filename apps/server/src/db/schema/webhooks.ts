import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { projects } from './workspace';

// Webhooks (PRODUCT §2, issue 8). Every table carries project_id and every list index leads
// with it (PRODUCT §6). Deliveries are the work queue: a pending row whose next_attempt_at
// has come is claimed by one dispatcher with a lease (lease_owner, lease_until).

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    /** Subscribed event types; empty = every type. */
    eventTypes: jsonb().$type<string[]>().notNull().default([]),
    enabled: boolean().notNull().default(true),
    /** Why the system disabled it (`gone` on a 410, `failing` after 5 days); null when a person did. */
    disabledReason: text(),
    disabledAt: timestamptz('disabled_at'),
    /** The signing secret (`whsec_…`), sealed with the secrets key. */
    secretEnc: text().notNull(),
    /** After a rotation the old secret keeps signing (a second signature) until this time. */
    previousSecretEnc: text(),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    /** Health: the first failure since the last success (the 5-day rule's clock), null when healthy. */
    failingSince: timestamptz('failing_since'),
    lastSuccessAt: timestamptz('last_success_at'),
    lastFailureAt: timestamptz('last_failure_at'),
    lastFailureReason: text(),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId, t.createdAt.desc(), t.id.desc())],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text().primaryKey(),
    projectId: text().notNull(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text().notNull(),
    eventType: text().notNull(),
    status: text().$type<DeliveryStatus>().notNull().default('pending'),
    attemptCount: integer().notNull().default(0),
    /** Position in the retry schedule; a manual resend starts it over. */
    scheduleStep: integer().notNull().default(0),
    responseStatus: integer(),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    leaseOwner: text(),
    leaseUntil: timestamptz('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Exactly one delivery per (event, endpoint), whatever crashes or replicas do.
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.projectId, t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.projectId, t.endpointId, t.createdAt.desc(), t.id.desc()),
    // Failed deliveries only (the list's status filter, resend-failed): pending ones are the
    // newest and found at once on the index above, and leaving out the rest keeps each new
    // delivery and each success from adding an entry here.
    index('webhook_deliveries_endpoint_failed_idx')
      .on(t.projectId, t.endpointId, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'failed'`),
    // The dispatcher reads only pending rows, earliest due first.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: text().notNull(),
    endpointId: text().notNull(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull(),
    durationMs: integer().notNull(),
    succeeded: boolean().notNull(),
    requestUrl: text().notNull(),
    requestHeaders: jsonb().$type<Record<string, string>>().notNull(),
    requestBody: text().notNull(),
    responseStatus: integer(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    /** The first 8 KiB of the response body. */
    responseBody: text(),
    error: text(),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.startedAt),
    // Endpoint health: success rate over the last 24 hours.
    index('webhook_attempts_endpoint_idx').on(t.projectId, t.endpointId, t.startedAt.desc()),
  ],
);
