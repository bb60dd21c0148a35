import { asc, eq } from 'drizzle-orm';
import { drawerMovements } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { drawerAccess } from './drawer-access';
import { type DrawerFigures, type DrawerRow, drawerFigures, findOpenDrawer } from './drawer-figures';

export type MovementRow = typeof drawerMovements.$inferSelect;

/** A terminal's drawer as it stands: `open` is null when none is open (a closed drawer at zero). */
export interface DrawerState {
  terminalId: string;
  currency: string;
  open: { drawer: DrawerRow; figures: DrawerFigures; movements: MovementRow[] } | null;
}

/** `GET …/drawer`: the terminal's open drawer with its figures and movements, or a closed one. */
export async function getDrawer(
  db: Db,
  { caller, projectId, terminalId }: { caller: TerminalCaller; projectId: string; terminalId: string },
): Promise<DrawerState> {
  const { currency } = await drawerAccess(db, { caller, projectId, terminalId, action: 'closes.read' });
  return readDrawer(db, { projectId, terminalId, currency });
}

/** The drawer as it stands, read in `db` (the caller's transaction, after a write). */
export async function readDrawer(
  db: Db | Tx,
  { projectId, terminalId, currency }: { projectId: string; terminalId: string; currency: string },
): Promise<DrawerState> {
  const drawer = await findOpenDrawer(db, projectId, terminalId);
  if (!drawer) return { terminalId, currency, open: null };
  const [figures, movements] = [
    await drawerFigures(db, drawer.id),
    await db
      .select()
      .from(drawerMovements)
      .where(eq(drawerMovements.drawerId, drawer.id))
      .orderBy(asc(drawerMovements.createdAt), asc(drawerMovements.id)),
  ];
  return { terminalId, currency, open: { drawer, figures, movements } };
}
