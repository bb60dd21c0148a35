import { terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { publishTerminal } from './publish-terminal';

/** Adds a terminal to the project: unpaired until a device trades a pairing code. */
export async function createTerminal(
  { db, bus }: { db: Db; bus: Bus },
  {
    actor,
    projectId,
    input,
    now,
  }: {
    actor: Actor;
    projectId: string;
    input: { label: string; kind: 'physical' | 'virtual'; location?: string; serial?: string };
    now: Date;
  },
) {
  const created = await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'terminals.manage' });
    const [row] = await tx
      .insert(terminals)
      .values({
        id: newId('trm'),
        projectId,
        label: input.label,
        kind: input.kind,
        location: input.location ?? null,
        serial: input.serial ?? null,
        status: 'unpaired',
        createdBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'terminal.created',
      target: row!.id,
      now,
      metadata: { label: input.label },
    });
    return row!;
  });
  await publishTerminal(bus, created);
  return created;
}
