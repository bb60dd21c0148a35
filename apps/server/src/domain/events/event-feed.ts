import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';
import { webhookBodyJson } from '../webhooks/payload';

/** One event as the events stream sends it: the webhook body's exact bytes, and where it sits. */
export interface FeedEvent {
  id: string;
  seq: number;
  type: string;
  createdAt: Date;
  /** `{type, timestamp, data}` as a webhook delivery of this event carries it. */
  body: string;
}

/** Where a reader of the feed stands: events after `seq`, written no earlier than `since`. */
export interface FeedPosition {
  seq: number;
  since: Date;
}

/**
 * How far before a position's event the feed still looks by time. `created_at` is the writer's
 * clock while `seq` is the order of insertion; the margin covers replicas' clock skew and a
 * transaction that took its `now` a while before it wrote. The time bound is what lets the
 * read use the `(project_id, created_at)` index instead of walking every event of the project.
 */
const TIME_MARGIN_MS = 60_000;

interface FeedRow {
  id: string;
  seq: number | string;
  type: string;
  created_at: Date | string;
  data: string;
}

const asFeedEvent = (r: FeedRow): FeedEvent => {
  const createdAt = r.created_at instanceof Date ? r.created_at : new Date(r.created_at);
  return {
    id: r.id,
    seq: Number(r.seq),
    type: r.type,
    createdAt,
    body: webhookBodyJson({ type: r.type, createdAt, dataJson: r.data }),
  };
};

const positionOf = (seq: number, createdAt: Date): FeedPosition => ({
  seq,
  since: new Date(createdAt.getTime() - TIME_MARGIN_MS),
});

/** Just after the event `eventId` of the project (a reader resuming from `Last-Event-ID`); null if it is not the project's. */
export async function positionAfterEvent(db: Db, projectId: string, eventId: string) {
  const [row] = await rowsOf<{ seq: number | string; created_at: Date | string }>(
    db,
    sql`select seq, created_at from events where project_id = ${projectId} and id = ${eventId}`,
  );
  if (!row) return null;
  return positionOf(Number(row.seq), new Date(row.created_at));
}

/** Just after the project's newest event (a reader starting now). */
export async function positionAtEnd(db: Db, projectId: string, now: Date): Promise<FeedPosition> {
  const [row] = await rowsOf<{ seq: number | string; created_at: Date | string }>(
    db,
    sql`select seq, created_at from events where project_id = ${projectId}
        order by created_at desc, id desc limit 1`,
  );
  if (!row) return positionOf(0, now);
  return positionOf(Number(row.seq), new Date(row.created_at));
}

/** Moves a position to just after a delivered event (never backwards). */
export const advancePosition = (position: FeedPosition, event: FeedEvent): FeedPosition =>
  event.seq > position.seq ? positionOf(event.seq, event.createdAt) : position;

/** The project's events after `position` other than `exclude`, in the order they were written. */
export async function eventsAfter(
  db: Db,
  {
    projectId,
    position,
    exclude,
    limit,
  }: { projectId: string; position: FeedPosition; exclude: string[]; limit: number },
) {
  const rows = await rowsOf<FeedRow>(
    db,
    sql`select id, seq, type, created_at, data::text as data from events
        where project_id = ${projectId} and created_at >= ${position.since.toISOString()}::timestamptz
          and seq > ${position.seq} and not (id = any(${sql.param(exclude)}::text[]))
        order by seq limit ${limit}`,
  );
  return rows.map(asFeedEvent);
}
