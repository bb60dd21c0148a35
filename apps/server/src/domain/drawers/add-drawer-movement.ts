import type { CreateDrawerMovement } from '@scanline/contracts';
import { drawerMovements } from '../../db/schema';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import { lockTerminalForBooks } from '../books/balance-entries';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { drawerAccess } from './drawer-access';
import { requireOpenDrawer } from './drawer-figures';
import { type DrawerState, readDrawer } from './get-drawer';

/**
 * Cash paid in or out of the open drawer, or the drawer opened with no sale, with a reason
 * (docs/guide/drawer.md). At a staffed counter paid out and no sale need a manager's session.
 * Written after the terminal's books lock, so a close either counts it or leaves it to the
 * next drawer (then there is none open: 409 `drawer_closed`).
 */
export async function addDrawerMovement(
  db: Db,
  {
    caller,
    projectId,
    terminalId,
    input,
    now,
  }: {
    caller: TerminalCaller;
    projectId: string;
    terminalId: string;
    input: CreateDrawerMovement;
    now: () => Date;
  },
): Promise<DrawerState> {
  const { actor, currency } = await drawerAccess(db, {
    caller,
    projectId,
    terminalId,
    action: 'closes.create',
    manager: input.type !== 'paid_in',
  });
  return db.transaction(async (tx) => {
    // Movements count by drawer, not by time: the stamp the lock answers is not needed here.
    await lockTerminalForBooks(tx, projectId, terminalId, new Date());
    const drawer = await requireOpenDrawer(tx, projectId, terminalId);
    await tx.insert(drawerMovements).values({
      id: newId('dmv'),
      projectId,
      drawerId: drawer.id,
      type: input.type,
      amount: input.amount ?? 0,
      reason: input.reason,
      actorKind: actor.kind,
      actorId: actor.id,
      cashierId: actor.cashierId,
      cashierName: actor.cashierName,
      createdAt: now(),
    });
    return readDrawer(tx, { projectId, terminalId, currency });
  });
}
