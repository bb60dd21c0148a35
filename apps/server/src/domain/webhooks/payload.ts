import type { events } from '../../db/schema';

type EventRow = Pick<typeof events.$inferSelect, 'type' | 'data' | 'createdAt'>;

/** The body every delivery of an event carries (Standard Webhooks): `{type, timestamp, data}`. */
export const webhookBody = (event: EventRow) => ({
  type: event.type,
  timestamp: event.createdAt.toISOString(),
  data: event.data,
});

/**
 * The same body as text, for sending: the event's `data` is spliced in as PostgreSQL prints
 * it (`data::text`), so a send neither parses nor re-serialises the object. Its bytes are
 * what is signed and what the attempt records.
 */
export const webhookBodyJson = (event: { type: string; createdAt: Date; dataJson: string }) =>
  `{"type":${JSON.stringify(event.type)},"timestamp":"${event.createdAt.toISOString()}","data":${event.dataJson}}`;
