import { and, eq, isNull } from 'drizzle-orm';
import { businesses, projects, scans, tenders, terminals, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

/**
 * Everything a shopper's scan may touch, found by its unguessable id (the shopper's only
 * credential): the scan, its transaction, the terminal's label and the business. Nothing
 * else of the project is read.
 */
export async function loadScanContext(db: Db, scanId: string) {
  const [row] = await db
    .select({
      scan: scans,
      txn: transactions,
      label: terminals.label,
      business: businesses,
      tipping: projects.tipping,
      tender: tenders,
    })
    .from(scans)
    .innerJoin(
      transactions,
      and(eq(transactions.id, scans.transactionId), eq(transactions.projectId, scans.projectId)),
    )
    .innerJoin(projects, eq(projects.id, scans.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .leftJoin(
      terminals,
      and(eq(terminals.id, transactions.terminalId), eq(terminals.projectId, transactions.projectId)),
    )
    // A card tender's own page was scanned: the scan pays that share (docs/guide/tenders.md#card-tenders).
    .leftJoin(tenders, and(eq(tenders.id, scans.tenderId), eq(tenders.projectId, scans.projectId)))
    .where(and(eq(scans.id, scanId), isNull(projects.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Scan');
  return row;
}

/**
 * The same, found by the payment token a QR code carries: a transaction's, or a card tender's
 * own (its share of the checkout).
 */
export async function loadByPaymentToken(db: Db, token: string) {
  const [row] = await db
    .select({ txn: transactions, label: terminals.label, business: businesses, project: projects })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .leftJoin(
      terminals,
      and(eq(terminals.id, transactions.terminalId), eq(terminals.projectId, transactions.projectId)),
    )
    .where(and(eq(transactions.paymentToken, token), isNull(projects.deletedAt)))
    .limit(1);
  if (row) return { ...row, tender: null };
  const [share] = await db
    .select({
      txn: transactions,
      label: terminals.label,
      business: businesses,
      project: projects,
      tender: tenders,
    })
    .from(tenders)
    .innerJoin(
      transactions,
      and(eq(transactions.id, tenders.transactionId), eq(transactions.projectId, tenders.projectId)),
    )
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .leftJoin(
      terminals,
      and(eq(terminals.id, transactions.terminalId), eq(terminals.projectId, transactions.projectId)),
    )
    .where(and(eq(tenders.paymentToken, token), isNull(projects.deletedAt)))
    .limit(1);
  return share ?? null;
}

export type ScanContext = Awaited<ReturnType<typeof loadScanContext>>;
