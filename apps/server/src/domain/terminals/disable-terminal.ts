import { and, eq } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';
import { publishTerminal } from './publish-terminal';
import { findTerminal } from './terminal-rows';
import { voidOpenCodes } from './void-open-codes';

/**
 * Disables a terminal: its device token hash is erased in the same statement, so the
 * device's next request finds no terminal and is 401; open pairing codes are voided.
 */
export async function disableTerminal(
  { db, bus }: { db: Db; bus: Bus },
  { actor, projectId, terminalId, now }: { actor: Actor; projectId: string; terminalId: string; now: Date },
) {
  const result = await db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'terminals.manage' });
    const before = await findTerminal(tx, { projectId, terminalId, lock: true });
    if (before.status === 'disabled') return { row: before, changed: false };
    const [row] = await tx
      .update(terminals)
      .set({ status: 'disabled', deviceTokenHash: null, disabledAt: now, updatedAt: now })
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await voidOpenCodes(tx, { projectId, terminalId, now });
    await recordAudit(tx, { actor, projectId, action: 'terminal.disabled', target: terminalId, now });
    return { row: row!, changed: true };
  });
  if (result.changed) {
    await projectAccessChanged(db, projectId);
    // The device token is gone: cached authentications end now, everywhere.
    await credentialChanged({ bus }, { kind: 'terminal', id: result.row.id });
    await publishTerminal(bus, result.row);
  }
  return result;
}
