import type { events } from '../../db/schema';

type EventRow = Pick<typeof events.$inferSelect, 'type' | 'data' | 'createdAt'>;

/** The body every delivery of an event carries (Standard Webhooks): `{type, timestamp, data}`. */
export const webhookBody = (event: EventRow) => ({
  type: event.type,
  timestamp: event.createdAt.toISOString(),
  data: event.data,
});
