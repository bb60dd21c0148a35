import { and, eq, isNull } from 'drizzle-orm';
import { cashierSessions, terminals } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { AppContext } from '../../platform/context';
import { recordTerminalAudit } from '../audit/record-audit';
import { projectAccessChanged } from '../projects/project-access-cache';
import { requireManager } from '../staff/require-manager';
import type { CashierOnDuty } from '../staff/resolve-cashier-session';
import { projectHasStaff } from '../staff/staff-presence';
import type { DeviceCaller } from './authenticate-device';
import { publishTerminal } from './publish-terminal';

/**
 * A paired device unpairs itself: its device token is erased (its next request is 401) and the
 * terminal is `unpaired` until paired again with a new code. Where the project has staff this
 * needs a manager signed in on the terminal (`401 cashier_required` / `403 manager_required`),
 * so a passer-by at a locked till cannot leave the shop without a working terminal.
 */
export async function unpairDevice(
  ctx: AppContext,
  opts: { device: DeviceCaller; cashier: CashierOnDuty | null; ip: string | null },
) {
  const db = ctx.database.db;
  const { projectId, terminalId } = opts.device;
  const manager = (await projectHasStaff(db, projectId)) ? requireManager(opts.cashier) : null;
  const now = ctx.now();
  const unpaired = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(terminals)
      .set({ status: 'unpaired', deviceTokenHash: null, pairedAt: null, updatedAt: now })
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .returning();
    await tx
      .update(cashierSessions)
      .set({ endedAt: now, endedReason: 'unpaired' })
      .where(and(eq(cashierSessions.terminalId, terminalId), isNull(cashierSessions.endedAt)));
    await recordTerminalAudit(tx, {
      projectId,
      terminalId,
      action: 'terminal.unpaired',
      target: terminalId,
      ip: opts.ip,
      now,
      metadata: manager ? { cashier_id: manager.id, cashier_name: manager.name } : undefined,
    });
    return row!;
  });
  // Its cashier's session ended: cached copies go here and on every replica.
  await projectAccessChanged(db, projectId);
  // Its device token is gone: cached authentications end now, everywhere.
  await credentialChanged(ctx.database, { kind: 'terminal', id: unpaired.id });
  await publishTerminal(ctx.database.bus, unpaired);
  return unpaired;
}
