import type { ProjectEventType } from '@scanline/contracts';
import { events } from '../../db/schema';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';

export type EventType = ProjectEventType;

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
