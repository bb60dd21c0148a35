import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { projects } from './workspace';

// Webhooks. Every table carries project_id and every list index leads
// with it. Deliveries are the work queue: a pending row whose next_attempt_at
// has come is claimed by one dispatcher with a lease (lease_owner, lease_until).
//
// Deliveries and attempts are range-partitioned by month (custom migration
// `0014_partition_events_and_deliveries`) on `event_created_at`, the time of the event they
// carry — not on their own insert time — for three reasons:
// - "One delivery per (event, endpoint)" stays exact: a partitioned table's unique keys must
//   hold the partition key, and an event has one `created_at`, so the key
//   (project, event, endpoint, event_created_at) allows exactly what (project, event, endpoint)
//   did. Keyed on the delivery's own time, a second fan-out of an event at another instant
//   would not have collided.
// - A delivery and all its attempts (retries, and resends weeks later) sit in the same month,
//   so a month of them goes in one transaction (RETENTION_DELIVERIES_DAYS) and no attempt is
//   ever left without its delivery, nor lands in a month already dropped.
// - A delivery's event is in the same month of `events`, and RETENTION_DELIVERIES_DAYS may not
//   exceed RETENTION_EVENTS_DAYS (checked at boot), so a delivery that exists — pending,
//   retried or resent — always finds its event to send.
// The attempts' foreign key to their delivery is gone: a key into a partitioned table blocks
// dropping that table's partitions (PostgreSQL refuses DROP; DETACH would scan every attempt
// under an exclusive lock on deliveries). What it gave is kept otherwise: attempts are written
// only in the statement that updates their delivery (so the delivery exists), an endpoint's
// deletion cascades to its attempts through their own key to the endpoint, and retention drops
// a month's attempts with its deliveries.

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
    id: text().notNull(),
    projectId: text().notNull(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text().notNull(),
    /** The event's `created_at`: the partition key. */
    eventCreatedAt: timestamptz('event_created_at').notNull(),
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
    primaryKey({ name: 'webhook_deliveries_id_event_created_at_pk', columns: [t.id, t.eventCreatedAt] }),
    // Exactly one delivery per (event, endpoint), whatever crashes or replicas do (the event's
    // time is the partition key, and one per event: it narrows nothing).
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(
      t.projectId,
      t.eventId,
      t.endpointId,
      t.eventCreatedAt,
    ),
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
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: text().notNull(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Its delivery; no foreign key (see above): written only with it, dropped with its month. */
    deliveryId: text().notNull(),
    /** The delivery's `event_created_at`: the same partition key, the same month. */
    eventCreatedAt: timestamptz('event_created_at').notNull(),
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
    primaryKey({ name: 'webhook_attempts_id_event_created_at_pk', columns: [t.id, t.eventCreatedAt] }),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.startedAt),
    // Endpoint health: success rate over the last 24 hours.
    index('webhook_attempts_endpoint_idx').on(t.projectId, t.endpointId, t.startedAt.desc()),
  ],
);
