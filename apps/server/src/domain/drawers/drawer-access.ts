import { and, eq } from 'drizzle-orm';
import { projects, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Action } from '../policy';
import { projectAccess } from '../projects/project-access';
import { requireManager } from '../staff/require-manager';
import { cashierRequired } from '../staff/resolve-cashier-session';
import { projectHasStaff } from '../staff/staff-presence';
import type { TerminalCaller } from '../terminals/terminal-caller';

/** Who acted on a drawer, as a movement records it. */
export interface DrawerActor {
  kind: 'device' | 'user' | 'api_key';
  id: string | null;
  cashierId: string | null;
  cashierName: string | null;
}

/**
 * Who may read or act on a terminal's drawer (docs/guide/drawer.md): the device for its own
 * terminal (others are not found), or a person / API key per the policy table (members read,
 * admins and write keys act). At a staffed counter acting needs a cashier's session, and
 * `manager` (paid out, no sale) a manager's.
 */
export async function drawerAccess(
  db: Db,
  {
    caller,
    projectId,
    terminalId,
    action,
    manager = false,
  }: {
    caller: TerminalCaller;
    projectId: string;
    terminalId: string;
    action: Extract<Action, 'closes.read' | 'closes.create'>;
    manager?: boolean;
  },
): Promise<{ actor: DrawerActor; currency: string }> {
  let actor: DrawerActor;
  if (caller.kind === 'device') {
    if (caller.projectId !== projectId || caller.terminalId !== terminalId) throw notFound('Terminal');
    const cashier = caller.cashier ?? null;
    if (action === 'closes.create' && (await projectHasStaff(db, projectId))) {
      if (manager) requireManager(cashier);
      else if (!cashier) throw cashierRequired();
    }
    actor = {
      kind: 'device',
      id: terminalId,
      cashierId: cashier?.id ?? null,
      cashierName: cashier?.name ?? null,
    };
  } else {
    await projectAccess(db, { actor: caller.actor, projectId, action });
    actor =
      caller.actor.kind === 'user'
        ? { kind: 'user', id: caller.actor.uid, cashierId: null, cashierName: null }
        : { kind: 'api_key', id: caller.actor.keyId, cashierId: null, cashierName: null };
  }
  const [terminal] = await db
    .select({ currency: projects.currency })
    .from(terminals)
    .innerJoin(projects, eq(projects.id, terminals.projectId))
    .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)));
  if (!terminal) throw notFound('Terminal');
  return { actor, currency: terminal.currency };
}
