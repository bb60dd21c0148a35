import { type PageQuery, parseFilters, parseSort } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { terminals, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import { presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { transactionListSpec } from './transaction-list-spec';

/**
 * `GET …/transactions`: filters, sort and keyset page all in SQL (issue 7), each row with
 * its terminal's label. `rawQuery` is the URL's query string (filters are `field[mode]=value`).
 */
export async function listTransactions(
  db: Db,
  actor: Actor,
  projectId: string,
  page: PageQuery & { sort?: string },
  rawQuery: string,
) {
  const { project } = await projectAccess(db, actor, projectId, 'transactions.read');
  const list = buildList(transactionListSpec, {
    filters: parseFilters(new URLSearchParams(rawQuery)),
    sort: parseSort(page.sort),
    timeZone: project.timeZone,
  });
  const rows = await db
    .select({ txn: transactions, label: terminals.label })
    .from(transactions)
    .leftJoin(
      terminals,
      and(eq(terminals.id, transactions.terminalId), eq(terminals.projectId, transactions.projectId)),
    )
    .where(
      andAll([
        eq(transactions.projectId, projectId),
        ...list.where,
        page.starting_after ? list.after(transactions, page.starting_after) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(page.limit + 1);
  const result = toPage(rows, page.limit, (r) => r.txn.id);
  return {
    data: result.data.map((r) => presentTransaction(r.txn, r.label)),
    next_cursor: result.next_cursor,
  };
}
