import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * The outbox (docs/api/webhooks.md): written in the same database transaction as the change it
 * reports, so an event exists exactly when its change committed. `data` is the object as the
 * main API presents it. `seq` is the order events were written in. An event waiting for its
 * webhook deliveries has a row in `event_fanout` (written in the same statement).
 *
 * Range-partitioned by month on `created_at` (custom migration
 * `0014_partition_events_and_deliveries`; drizzle-kit cannot express partitions): the
 * maintenance job makes the next months' partitions and drops whole months past
 * RETENTION_EVENTS_DAYS. A partitioned table's keys must hold the partition key, so the primary
 * key is `(id, created_at)`; ids are random (`evt_` + 22 characters), unique in practice, and
 * every lookup by id alone still finds its row through each partition's key index.
 */
export const events = pgTable(
  'events',
  {
    id: text().notNull(),
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: text().notNull(),
    type: text().notNull(),
    /** The id of the object the event is about (txn_…, trm_…, scn_…), for "events of this object". */
    objectId: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'events_id_created_at_pk', columns: [t.id, t.createdAt] }),
    index('events_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('events_project_type_idx').on(
      t.projectId,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('events_object_idx').on(t.projectId, t.objectId),
  ],
);

/**
 * The webhook fan-out's queue: one row per event not yet turned into deliveries, in the order
 * written. The fan-out deletes the rows it takes in the statement that creates the deliveries
 * (so each event fans out exactly once), which leaves the events table insert-only: marking
 * events instead rewrote each row and all four of its indexes. Not partitioned: a queue that
 * is emptied as fast as it fills, not a log.
 */
export const eventFanout = pgTable('event_fanout', {
  seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  eventId: text().notNull(),
  /** The event's `created_at`: the fan-out finds the event in its one partition. */
  eventCreatedAt: timestamptz('event_created_at').notNull(),
  projectId: text().notNull(),
});
