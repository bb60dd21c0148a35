import { and, eq, inArray, sql } from 'drizzle-orm';
import { refunds, tenders } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';

/** The tender a refund gives back, when it must name one. */
export interface RefundedTender {
  id: string;
  method: 'card' | 'cash';
  /** Card only: the charge the provider refunds. */
  reference: string | null;
}

/**
 * Which tender a refund gives back (docs/guide/tenders.md#refunds), read under the transaction's
 * row lock. A payment made by one tender, or in cash only, needs none (null: the refund goes as
 * before). Paid by several tenders, not all cash, the refund names one: 422 tender_required
 * without it; never more than that tender took (its amount and tip) less its other refunds.
 */
export async function refundedTender(
  tx: Tx,
  {
    projectId,
    transactionId,
    tenderId,
    amount,
  }: { projectId: string; transactionId: string; tenderId?: string; amount: number },
): Promise<RefundedTender | null> {
  const paid = await tx
    .select()
    .from(tenders)
    .where(
      and(
        eq(tenders.projectId, projectId),
        eq(tenders.transactionId, transactionId),
        eq(tenders.status, 'succeeded'),
      ),
    );
  const mixed = paid.length > 1 && paid.some((t) => t.method !== 'cash');
  if (!tenderId) {
    if (!mixed) return null;
    throw new AppError(
      'tender_required',
      'This payment was made by more than one tender: name the one to refund (tender_id).',
      [{ path: 'body.tender_id', message: 'Required for a payment made in parts', code: 'invalid_type' }],
    );
  }
  const tender = paid.find((t) => t.id === tenderId);
  if (!tender) throw notFound('Tender');
  const [given] = await tx
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.projectId, projectId),
        eq(refunds.tenderId, tender.id),
        inArray(refunds.status, ['pending', 'succeeded']),
      ),
    );
  const left = tender.amount + tender.tipAmount - Number(given?.sum ?? 0);
  if (amount > left) {
    throw new AppError(
      'refund_exceeds_amount',
      `At most ${Math.max(left, 0)} (minor units) can still be refunded on this tender.`,
    );
  }
  return { id: tender.id, method: tender.method, reference: tender.providerReference };
}
