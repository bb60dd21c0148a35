import { and, asc, desc, eq } from 'drizzle-orm';
import {
  paymentAttempts,
  refunds,
  scans,
  tenders,
  terminals,
  transactionStatusChanges,
  transactions,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { loadLineItems } from '../baskets/load-line-items';
import { presentTransaction } from '../presenters/payments';
import { projectAccess } from '../projects/project-access';

const labelJoin = and(
  eq(terminals.id, transactions.terminalId),
  eq(terminals.projectId, transactions.projectId),
);

/** A transaction with its terminal's label (what the main API and outbox events present). */
export async function loadTransactionView(db: Db, projectId: string, id: string) {
  const [row] = await db
    .select({ txn: transactions, label: terminals.label })
    .from(transactions)
    .leftJoin(terminals, labelJoin)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function presentedTransaction(db: Db, projectId: string, id: string) {
  const view = await loadTransactionView(db, projectId, id);
  return view ? presentTransaction(view.txn, view.label) : null;
}

/** `GET …/transactions/{transaction_id}`: every field, the status history, attempts, scans, refunds and tenders. */
export async function getTransaction(
  db: Db,
  { actor, projectId, id }: { actor: Actor; projectId: string; id: string },
) {
  await projectAccess(db, { actor, projectId, action: 'transactions.read' });
  const view = await loadTransactionView(db, projectId, id);
  if (!view) throw notFound('Transaction');
  const [history, attempts, scanRows, refundRows, tenderRows, lineRows] = await Promise.all([
    db
      .select()
      .from(transactionStatusChanges)
      .where(
        and(
          eq(transactionStatusChanges.projectId, projectId),
          eq(transactionStatusChanges.transactionId, id),
        ),
      )
      .orderBy(asc(transactionStatusChanges.id)),
    db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.projectId, projectId), eq(paymentAttempts.transactionId, id)))
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    db
      .select()
      .from(scans)
      .where(and(eq(scans.projectId, projectId), eq(scans.transactionId, id)))
      .orderBy(desc(scans.createdAt), desc(scans.id))
      .limit(100),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.projectId, projectId), eq(refunds.transactionId, id)))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select()
      .from(tenders)
      .where(and(eq(tenders.projectId, projectId), eq(tenders.transactionId, id)))
      .orderBy(asc(tenders.createdAt), asc(tenders.id)),
    loadLineItems(db, projectId, id),
  ]);
  return {
    view,
    history,
    attempts,
    scans: scanRows,
    refunds: refundRows,
    tenders: tenderRows,
    lineItems: lineRows,
  };
}

/** What `getTransaction` read, for the api's presenter. */
export type TransactionDetailRows = Awaited<ReturnType<typeof getTransaction>>;
