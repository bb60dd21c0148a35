import type { LineItem } from '@scanline/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { lineItems } from '../../db/schema';
import type { Db } from '../../platform/db';
import { presentLineItem } from './present-line-item';
import { refundedOfLines } from './refund-lines';

/** A transaction's lines in the order sold, presented with what refunds took of each; tenancy in the query. */
export async function loadLineItems(db: Db, projectId: string, transactionId: string): Promise<LineItem[]> {
  const rows = await db
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.projectId, projectId), eq(lineItems.transactionId, transactionId)))
    .orderBy(asc(lineItems.position));
  const refunded = await refundedOfLines(
    db,
    projectId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentLineItem(r, refunded.get(r.id)?.quantity ?? 0));
}
