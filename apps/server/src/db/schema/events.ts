import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The outbox (PRODUCT §2 Event): written in the same database transaction as the change it
 * reports, so an event exists exactly when its change committed. `data` is the object as the
 * main API presents it. `seq` is the order events were written in. An event waiting for its
 * webhook deliveries has a row in `event_fanout` (written in the same statement).
 */
export const events = pgTable(
  'events',
  {
    id: text().primaryKey(),
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: text().notNull(),
    type: text().notNull(),
    /** The id of the object the event is about (txn_…, trm_…, scn_…), for "events of this object". */
    objectId: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
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
 * events instead rewrote each row and all four of its indexes.
 */
export const eventFanout = pgTable('event_fanout', {
  seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  eventId: text().notNull(),
  projectId: text().notNull(),
});
