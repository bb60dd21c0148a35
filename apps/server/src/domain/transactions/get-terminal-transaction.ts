import { and, eq } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { loadLineItems } from '../baskets/load-line-items';
import type { Action } from '../policy';
import { projectAccess } from '../projects/project-access';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { expireIfDue } from './expire-transactions';
import { publishTransactionChange } from './publish-transaction-change';
import type { TransactionRow } from './transition-transaction';

/**
 * The transaction as this caller may see it: a device only its own terminal's, a key only
 * its project's, a person only in projects they belong to (policy `action`). Anything else
 * is the same 404 as an unknown id.
 */
export async function findCallerTransaction(
  db: Db,
  {
    caller,
    id,
    action,
    lock = false,
  }: { caller: TerminalCaller; id: string; action: Action; lock?: boolean },
): Promise<TransactionRow> {
  const where =
    caller.kind === 'device'
      ? and(
          eq(transactions.id, id),
          eq(transactions.projectId, caller.projectId),
          eq(transactions.terminalId, caller.terminalId),
        )
      : caller.actor.kind === 'api_key'
        ? and(eq(transactions.id, id), eq(transactions.projectId, caller.actor.projectId))
        : eq(transactions.id, id);
  const q = db.select().from(transactions).where(where).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Transaction');
  if (caller.kind === 'actor')
    await projectAccess(db, { actor: caller.actor, projectId: row.projectId, action });
  return row;
}

/** GET /terminal/v1/transactions/{transaction_id}: an expired-but-not-yet-swept one is expired on read. */
export async function getTerminalTransaction(
  { db, bus }: { db: Db; bus: Bus },
  { caller, id, now }: { caller: TerminalCaller; id: string; now: Date },
) {
  const row = await findCallerTransaction(db, { caller, id, action: 'transactions.read' });
  const [read, lines] = await Promise.all([
    expireIfDue(db, row, now),
    loadLineItems(db, row.projectId, row.id),
  ]);
  if (read.changed) await publishTransactionChange(bus, read.row);
  return { ...read, lineItems: lines };
}
