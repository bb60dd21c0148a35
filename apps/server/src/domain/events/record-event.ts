import type { ProjectEventType } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';

export type EventType = ProjectEventType;

export interface OutboxEventInput {
  id?: string;
  projectId: string;
  type: string;
  objectId?: string | null;
  /** The object as the main API presents it. */
  data: Record<string, unknown>;
  now: Date;
}

/**
 * Writes outbox events and queues them for the webhook fan-out, in one statement. Call it
 * with the transaction handle of the change they report, so an event exists exactly when
 * its change committed (docs/develop/conventions.md#database).
 */
export async function recordEvents(tx: Db, inputs: OutboxEventInput[]) {
  const rows = inputs.map((e) => ({
    id: e.id ?? newId('evt'),
    projectId: e.projectId,
    type: e.type,
    objectId: e.objectId ?? null,
    data: e.data,
    createdAt: e.now,
  }));
  if (rows.length === 0) return rows;
  // One JSON parameter for the batch: the statement costs the same to build at 1 row or 1,000.
  const batch = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      project_id: r.projectId,
      type: r.type,
      object_id: r.objectId,
      data: r.data,
      created_at: r.createdAt,
    })),
  );
  await tx.execute(sql`
    with written as (
      insert into events (id, project_id, type, object_id, data, created_at)
      select id, project_id, type, object_id, data, created_at
      from jsonb_to_recordset(${batch}::jsonb)
        as v(id text, project_id text, type text, object_id text, data jsonb, created_at timestamptz)
      returning id, project_id, seq, created_at
    )
    insert into event_fanout (event_id, event_created_at, project_id)
    select id, created_at, project_id from written order by seq`);
  return rows;
}

/** Writes one outbox event (see recordEvents). */
export async function recordEvent(
  tx: Db,
  input: {
    projectId: string;
    type: EventType;
    objectId?: string;
    data: Record<string, unknown>;
    now: Date;
  },
) {
  const [row] = await recordEvents(tx, [input]);
  return row!;
}
