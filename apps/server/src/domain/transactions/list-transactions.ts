import { and, eq } from 'drizzle-orm';
import { terminals, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import { narrowByPrefix } from '../listing/narrow-by-prefix';
import type { ListRequest } from '../listing/page-in-sql';
import { presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';
import { transactionListSpec } from './transaction-list-spec';

/**
 * `GET …/transactions`: filters, sort and keyset page all in SQL, each row with
 * its terminal's label.
 */
export async function listTransactions(
  db: Db,
  { actor, projectId, req }: { actor: Actor; projectId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'transactions.read' });
  const list = buildList(transactionListSpec, {
    filters: req.filters,
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const scope = eq(transactions.projectId, projectId);
  const after = req.startingAfter ? list.after(transactions, req.startingAfter) : undefined;
  const narrowed = await narrowByPrefix(db, {
    list,
    target: {
      table: transactions,
      id: transactions.id,
      scope,
      carried: { field: 'created_at', column: transactions.createdAt },
    },
    page: { limit: req.limit, after },
  });
  const rows = await db
    .select({ txn: transactions, label: terminals.label })
    .from(transactions)
    .leftJoin(
      terminals,
      and(eq(terminals.id, transactions.terminalId), eq(terminals.projectId, transactions.projectId)),
    )
    .where(andAll([scope, ...list.where, narrowed, after]))
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const result = toPage(rows, req.limit, (r) => r.txn.id);
  return {
    data: result.data.map((r) => presentTransaction(r.txn, r.label)),
    next_cursor: result.next_cursor,
  };
}
