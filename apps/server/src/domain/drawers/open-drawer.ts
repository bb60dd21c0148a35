import type { OpenDrawer } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { drawers, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { drawerAccess } from './drawer-access';
import { findOpenDrawer } from './drawer-figures';
import { type DrawerState, readDrawer } from './get-drawer';

/**
 * Opens the terminal's drawer with a float (docs/guide/drawer.md). Under the terminal's row
 * lock, as a close takes it: two opens, or an open racing the close that ends the last drawer,
 * leave one open drawer. One already open is 409 `drawer_already_open`.
 */
export async function openDrawer(
  db: Db,
  {
    caller,
    projectId,
    terminalId,
    input,
    now,
  }: { caller: TerminalCaller; projectId: string; terminalId: string; input: OpenDrawer; now: () => Date },
): Promise<DrawerState> {
  const { actor, currency } = await drawerAccess(db, {
    caller,
    projectId,
    terminalId,
    action: 'closes.create',
  });
  return db.transaction(async (tx) => {
    const [terminal] = await tx
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.projectId, projectId), eq(terminals.id, terminalId)))
      .for('update');
    if (!terminal) throw notFound('Terminal');
    if (await findOpenDrawer(tx, projectId, terminalId)) {
      throw new AppError('drawer_already_open', "This terminal's drawer is open already; the close ends it.");
    }
    const at = now();
    await tx.insert(drawers).values({
      id: newId('drw'),
      projectId,
      terminalId,
      currency,
      float: input.float,
      openedAt: at,
      openedByCashierId: actor.cashierId,
      createdAt: at,
      updatedAt: at,
    });
    return readDrawer(tx, { projectId, terminalId, currency });
  });
}
