import type { CloseDetail } from '@scanline/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { closes, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { presentClose } from '../presenters/books';
import { projectAccess } from '../projects/project-access';
import { closeListSpec } from './close-list-spec';
import { tookEffect } from './close-totals';

const labelJoin = and(eq(terminals.id, closes.terminalId), eq(terminals.projectId, closes.projectId));

/** `GET …/closes` (terminal_id, created_at filters), keyset pages like every list. */
export async function listCloses(
  db: Db,
  { actor, projectId, req }: { actor: Actor; projectId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'closes.read' });
  const list = buildList(closeListSpec, { filters: req.filters, sort: req.sort, timeZone: project.timeZone });
  const rows = await db
    .select({ close: closes, label: terminals.label })
    .from(closes)
    .leftJoin(terminals, labelJoin)
    .where(
      andAll([
        eq(closes.projectId, projectId),
        ...list.where,
        req.startingAfter ? list.after(closes, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const page = toPage(rows, req.limit, (r) => r.close.id);
  return { data: page.data.map((r) => presentClose(r.close, r.label)), next_cursor: page.next_cursor };
}

/** One close of the project, tenancy in the query. */
export async function findClose(db: Db, projectId: string, closeId: string) {
  const [row] = await db
    .select({ close: closes, label: terminals.label })
    .from(closes)
    .leftJoin(terminals, labelJoin)
    .where(and(eq(closes.projectId, projectId), eq(closes.id, closeId)))
    .limit(1);
  if (!row) throw notFound('Close');
  return row;
}

/** The start of a close's period as it counts: open-ended for a terminal's first close. */
export async function periodStartOf(db: Db, close: typeof closes.$inferSelect): Promise<Date | null> {
  if (close.number === 1) return null;
  const [previous] = await db
    .select({ closedAt: closes.closedAt })
    .from(closes)
    .where(and(eq(closes.terminalId, close.terminalId), eq(closes.number, close.number - 1)));
  return previous?.closedAt ?? close.openedAt;
}

/** `GET …/closes/{close_id}`: the close with the ids of its payments and refunds, oldest first. */
export async function getClose(
  db: Db,
  { actor, projectId, closeId }: { actor: Actor; projectId: string; closeId: string },
): Promise<CloseDetail> {
  await projectAccess(db, { actor, projectId, action: 'closes.read' });
  const { close, label } = await findClose(db, projectId, closeId);
  const from = (await periodStartOf(db, close)) ?? new Date(0);
  const ids = await rowsOf<{ kind: 'payment' | 'refund'; id: string }>(
    db,
    sql`select * from (
          select 'payment' as kind, t.id, t.succeeded_at as at from transactions t
          where t.project_id = ${projectId} and t.terminal_id = ${close.terminalId} and t.succeeded_at is not null
            and t.succeeded_at >= ${from}::timestamptz and t.succeeded_at < ${close.closedAt}::timestamptz
          union all
          select 'refund', r.id, r.succeeded_at from refunds r join transactions t on t.id = r.transaction_id
          where r.project_id = ${projectId} and t.terminal_id = ${close.terminalId} and ${tookEffect}
            and r.succeeded_at >= ${from}::timestamptz and r.succeeded_at < ${close.closedAt}::timestamptz
          union all
          -- A refund that failed after succeeding is listed again in the close that counts it back.
          select 'refund', r.id, r.reversed_at from refunds r join transactions t on t.id = r.transaction_id
          where r.project_id = ${projectId} and t.terminal_id = ${close.terminalId} and r.succeeded_at is not null
            and r.reversed_at >= ${from}::timestamptz and r.reversed_at < ${close.closedAt}::timestamptz
        ) x order by at, id`,
  );
  return {
    ...presentClose(close, label),
    transaction_ids: ids.filter((r) => r.kind === 'payment').map((r) => r.id),
    refund_ids: ids.filter((r) => r.kind === 'refund').map((r) => r.id),
  };
}

/** A terminal's closes in chain order (verify, exports). */
export const closesOfTerminal = (db: Db, terminalId: string) =>
  db.select().from(closes).where(eq(closes.terminalId, terminalId)).orderBy(asc(closes.number));
