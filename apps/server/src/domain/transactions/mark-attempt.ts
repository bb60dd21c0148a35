import { eq } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { ChargeResult } from '../payments/provider';

/** A payment attempt takes the provider's answer: its status, reference, card and decline. */
export async function markAttempt(tx: Db, attemptId: string, result: ChargeResult, now: Date) {
  const declined = result.status === 'failed';
  await tx
    .update(paymentAttempts)
    .set({
      status: declined ? 'declined' : result.status,
      providerReference: result.reference,
      cardBrand: result.cardBrand ?? null,
      cardLast4: result.cardLast4 ?? null,
      cardWallet: result.cardWallet ?? null,
      failureCode: declined ? (result.failureCode ?? 'payment_failed') : null,
      failureMessage: declined ? (result.failureMessage ?? null) : null,
      updatedAt: now,
    })
    .where(eq(paymentAttempts.id, attemptId));
}
