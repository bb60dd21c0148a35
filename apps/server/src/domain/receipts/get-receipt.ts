import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { businesses, lineItems, projects, refunds, tenders, terminals, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { receiptNumber } from './receipt-link';

export type Receipt = Awaited<ReturnType<typeof getReceipt>>;

/**
 * What a receipt shows: the business (name, legal name, address, VAT ID, support email),
 * the payment (amount, card, time in the project's zone, number) and the refunds made since.
 */
export async function getReceipt(db: Db, token: string) {
  const [row] = await db
    .select({
      txn: transactions,
      business: {
        name: businesses.name,
        legalName: businesses.legalName,
        address: businesses.address,
        vatId: businesses.vatId,
        supportEmail: businesses.supportEmail,
        country: businesses.country,
      },
      timeZone: projects.timeZone,
      terminal: terminals.label,
    })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .leftJoin(
      terminals,
      and(eq(terminals.id, transactions.terminalId), eq(terminals.projectId, transactions.projectId)),
    )
    .where(and(eq(transactions.receiptToken, token), isNull(projects.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Receipt');
  // The basket as sold (docs/guide/baskets.md): names, prices and VAT copied at sale time.
  const lines = await db
    .select({
      name: lineItems.name,
      quantity: lineItems.quantity,
      taxRate: lineItems.taxRate,
      total: lineItems.total,
      tax: lineItems.tax,
    })
    .from(lineItems)
    .where(and(eq(lineItems.projectId, row.txn.projectId), eq(lineItems.transactionId, row.txn.id)))
    .orderBy(asc(lineItems.position));
  const refundRows = await db
    .select({ amount: refunds.amount, tipAmount: refunds.tipAmount, createdAt: refunds.createdAt })
    .from(refunds)
    .where(
      and(
        eq(refunds.projectId, row.txn.projectId),
        eq(refunds.transactionId, row.txn.id),
        eq(refunds.status, 'succeeded'),
      ),
    )
    .orderBy(asc(refunds.createdAt));
  // Each tender that paid it (docs/guide/tenders.md); refunded ones too, the refunds say so.
  const tenderList = await db
    .select({
      method: tenders.method,
      amount: tenders.amount,
      tipAmount: tenders.tipAmount,
      cardBrand: tenders.cardBrand,
      cardLast4: tenders.cardLast4,
      cardWallet: tenders.cardWallet,
      cashGiven: tenders.cashGiven,
      change: tenders.change,
    })
    .from(tenders)
    .where(
      and(
        eq(tenders.projectId, row.txn.projectId),
        eq(tenders.transactionId, row.txn.id),
        inArray(tenders.status, ['succeeded', 'refunded']),
      ),
    )
    .orderBy(asc(tenders.succeededAt), asc(tenders.id));
  return { ...row, number: receiptNumber(row.txn), refunds: refundRows, tenders: tenderList, lines };
}
