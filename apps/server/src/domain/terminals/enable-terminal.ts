import { and, eq } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { publishTerminal } from './publish-terminal';
import { findTerminal } from './terminal-rows';

/**
 * Enables a disabled terminal. Disabling revoked its device token, so it comes back
 * `unpaired`: the device pairs again with a fresh code before it can take payments. (A
 * terminal that is not disabled is returned unchanged.)
 */
export async function enableTerminal(
  { db, bus }: { db: Db; bus: Bus },
  { actor, projectId, terminalId, now }: { actor: Actor; projectId: string; terminalId: string; now: Date },
) {
  const result = await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'terminals.manage' });
    const before = await findTerminal(tx, { projectId, terminalId, lock: true });
    if (before.status !== 'disabled') return { row: before, changed: false };
    const [row] = await tx
      .update(terminals)
      .set({ status: 'unpaired', disabledAt: null, pairedAt: null, updatedAt: now })
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await recordAudit(tx, { actor, projectId, action: 'terminal.enabled', target: terminalId, now });
    return { row: row!, changed: true };
  });
  if (result.changed) {
    await projectAccessChanged(db, projectId);
    await publishTerminal(bus, result.row);
  }
  return result;
}
