import { events } from '../../db/schema';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';

/** PRODUCT §2: every event type a project emits (the webhook catalogue adds `webhook.test`). */
export const EVENT_TYPES = [
  'terminal.paired',
  'terminal.online',
  'terminal.offline',
  'scan.created',
  'transaction.created',
  'transaction.succeeded',
  'transaction.failed',
  'transaction.canceled',
  'transaction.expired',
  'transaction.refunded',
  'member.added',
  'member.removed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Writes an outbox event. Call it with the transaction handle of the change it reports, so
 * the event exists exactly when the change committed (CONVENTIONS "Database").
 */
export async function recordEvent(
  tx: Db,
  input: {
    projectId: string;
    type: EventType;
    objectId?: string;
    /** The object as the main API presents it. */
    data: Record<string, unknown>;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(events)
    .values({
      id: newId('evt'),
      projectId: input.projectId,
      type: input.type,
      objectId: input.objectId ?? null,
      data: input.data,
      createdAt: input.now,
    })
    .returning();
  return row!;
}
