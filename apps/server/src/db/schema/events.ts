import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * The outbox (PRODUCT §2 Event): written in the same database transaction as the change it
 * reports, so an event exists exactly when its change committed. `data` is the object as the
 * main API presents it. `seq` orders events for the webhook fan-out; `fanned_out_at` is set
 * once the deliveries for it exist.
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
    fannedOutAt: timestamptz('fanned_out_at'),
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
    index('events_unfanned_idx').on(t.seq).where(sql`fanned_out_at is null`),
  ],
);
