import { and, eq } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { publishTerminal } from './publish-terminal';
import { findTerminal, type TerminalRow } from './terminal-rows';

/** Edits a terminal's label, location or serial: the fields sent change, the others keep their value. */
export async function updateTerminal(
  { db, bus }: { db: Db; bus: Bus },
  {
    actor,
    projectId,
    terminalId,
    input,
    now,
  }: {
    actor: Actor;
    projectId: string;
    terminalId: string;
    input: { label?: string; location?: string | null; serial?: string | null };
    now: Date;
  },
) {
  const row = await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'terminals.manage' });
    await findTerminal(tx, { projectId, terminalId, lock: true });
    const set: Partial<TerminalRow> = { updatedAt: now };
    if (input.label !== undefined) set.label = input.label;
    if (input.location !== undefined) set.location = input.location;
    if (input.serial !== undefined) set.serial = input.serial;
    const [row] = await tx
      .update(terminals)
      .set(set)
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'terminal.updated',
      target: terminalId,
      now,
      metadata: {
        fields: Object.keys(input),
      },
    });
    return row!;
  });
  // Its label is in the setup a transaction create keeps per process.
  await projectAccessChanged(db, projectId);
  await publishTerminal(bus, row);
  return row;
}
