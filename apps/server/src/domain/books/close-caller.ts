import { and, eq } from 'drizzle-orm';
import { apiKeys, type ClosedBy } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Action } from '../policy';
import { type ProjectRow, projectAccess } from '../projects/project-access';
import { requireManager } from '../staff/require-manager';
import { projectHasStaff } from '../staff/staff-presence';
import type { TerminalCaller } from '../terminals/terminal-caller';

/**
 * Who may read or make a terminal's closes: the device itself (its own terminal
 * only; others are simply not found), or a person / API key per the policy table.
 */
export async function closeAccess(
  db: Db,
  {
    caller,
    projectId,
    terminalId,
    action,
  }: { caller: TerminalCaller; projectId: string; terminalId: string; action: Action },
): Promise<{ project: ProjectRow | null; closedBy: ClosedBy }> {
  if (caller.kind === 'device') {
    if (caller.projectId !== projectId || caller.terminalId !== terminalId) throw notFound('Terminal');
    // Where staff sign in, a close made at the counter needs a manager's session.
    if (action === 'closes.create' && (await projectHasStaff(db, projectId))) {
      const manager = requireManager(caller.cashier);
      return {
        project: null,
        closedBy: {
          kind: 'device',
          id: terminalId,
          label: null,
          manager: { id: manager.id, name: manager.name },
        },
      };
    }
    // The label is the terminal's, filled in under the close's lock.
    return { project: null, closedBy: { kind: 'device', id: terminalId, label: null } };
  }
  const { actor } = caller;
  const { project } = await projectAccess(db, { actor, projectId, action });
  if (actor.kind === 'user')
    return { project, closedBy: { kind: 'user', id: actor.uid, label: actor.email } };
  const [key] = await db
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.id, actor.keyId)));
  return { project, closedBy: { kind: 'api_key', id: actor.keyId, label: key?.name ?? null } };
}
