import type { CurrentClose } from '@scanline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { closes, projects, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { drawerFigures, findOpenDrawer } from '../drawers/drawer-figures';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { closeAccess } from './close-caller';
import { closeCashOf, closeTotals, counting } from './close-totals';
import { firstActivity } from './make-close';

/** The X report: the figures a close made now would hold; nothing is written. */
export async function getCurrentClose(
  db: Db,
  input: { caller: TerminalCaller; projectId: string; terminalId: string; now: Date },
): Promise<CurrentClose> {
  await closeAccess(db, {
    caller: input.caller,
    projectId: input.projectId,
    terminalId: input.terminalId,
    action: 'closes.read',
  });
  const [terminal] = await db
    .select({ currency: projects.currency })
    .from(terminals)
    .innerJoin(projects, eq(projects.id, terminals.projectId))
    .where(and(eq(terminals.projectId, input.projectId), eq(terminals.id, input.terminalId)));
  if (!terminal) throw notFound('Terminal');
  const [previous] = await db
    .select()
    .from(closes)
    .where(and(eq(closes.projectId, input.projectId), eq(closes.terminalId, input.terminalId)))
    .orderBy(desc(closes.number))
    .limit(1);
  const from = previous?.closedAt ?? null;
  // The open drawer as the close would hold it, not yet counted.
  const drawer = await findOpenDrawer(db, input.projectId, input.terminalId);
  const cash = drawer ? closeCashOf(drawer.float, await drawerFigures(db, drawer.id), null) : null;
  const totals = await counting(db, (tx) =>
    closeTotals(
      tx,
      { projectId: input.projectId, terminalId: input.terminalId, from, to: input.now },
      {
        previous: previous?.totals ?? null,
        projectCurrency: terminal.currency,
        drawer: drawer && cash ? { currency: drawer.currency, cash } : null,
      },
    ),
  );
  const openedAt =
    from ??
    (await firstActivity(db, {
      projectId: input.projectId,
      terminalId: input.terminalId,
      from: null,
      to: input.now,
    }));
  return {
    terminal_id: input.terminalId,
    number: (previous?.number ?? 0) + 1,
    opened_at: openedAt ? openedAt.toISOString() : null,
    as_of: input.now.toISOString(),
    totals,
  };
}
