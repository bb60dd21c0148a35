import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { drawers } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';

export type DrawerRow = typeof drawers.$inferSelect;

/** What went through a drawer besides its float (docs/guide/drawer.md), minor units. */
export interface DrawerFigures {
  sales: number;
  refunds: number;
  paid_in: number;
  paid_out: number;
}

/**
 * A drawer's figures, counted from what names it: cash tenders that went in (their `amount`:
 * the change went back out), cash given back out of it (tenders of a canceled checkout,
 * refunds of a cash payment), and its movements. One query,
 * so the drawer screen, the close and `verify` count alike.
 */
export async function drawerFigures(db: Db | Tx, drawerId: string): Promise<DrawerFigures> {
  const [row] = await rowsOf<Record<keyof DrawerFigures, string | number | null>>(
    db,
    sql`select
          (select coalesce(sum(amount), 0) from tenders
            where drawer_id = ${drawerId} and method = 'cash' and status in ('succeeded', 'refunded')) as sales,
          (select coalesce(sum(amount), 0) from tenders
            where refund_drawer_id = ${drawerId} and method = 'cash' and status = 'refunded')
          + (select coalesce(sum(amount), 0) from refunds
            where drawer_id = ${drawerId} and status = 'succeeded') as refunds,
          (select coalesce(sum(amount), 0) from drawer_movements
            where drawer_id = ${drawerId} and type = 'paid_in') as paid_in,
          (select coalesce(sum(amount), 0) from drawer_movements
            where drawer_id = ${drawerId} and type = 'paid_out') as paid_out`,
  );
  return {
    sales: Number(row?.sales ?? 0),
    refunds: Number(row?.refunds ?? 0),
    paid_in: Number(row?.paid_in ?? 0),
    paid_out: Number(row?.paid_out ?? 0),
  };
}

/** The terminal's open drawer, or null. */
export async function findOpenDrawer(
  db: Db | Tx,
  projectId: string,
  terminalId: string,
): Promise<DrawerRow | null> {
  const [row] = await db
    .select()
    .from(drawers)
    .where(
      and(eq(drawers.projectId, projectId), eq(drawers.terminalId, terminalId), isNull(drawers.closedAt)),
    )
    .orderBy(desc(drawers.openedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The open drawer cash goes into or comes out of. Call it after `lockTerminalForBooks`: a close
 * (which ends the drawer under the terminal's FOR UPDATE lock) then either ran before, and there
 * is no open drawer, or runs after and counts this cash.
 */
export async function requireOpenDrawer(tx: Db | Tx, projectId: string, terminalId: string) {
  const drawer = await findOpenDrawer(tx, projectId, terminalId);
  if (!drawer) {
    throw new AppError(
      'drawer_closed',
      "This terminal's cash drawer is not open: open it with a float first.",
    );
  }
  return drawer;
}
