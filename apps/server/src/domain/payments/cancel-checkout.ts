import { and, eq } from 'drizzle-orm';
import { tenders } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { cancelTransaction } from '../transactions/cancel-transaction';
import { publishTransactionChange } from '../transactions/publish-transaction-change';
import type { TransactionRow } from '../transactions/transition-transaction';
import { providerOf } from './capture-held-shares';

/**
 * Cancels a checkout (docs/guide/tenders.md#statuses); when it was paid in part, every card share
 * it took goes back through the provider, each under its own refund key (`cancel_{tender}`), so a
 * retry never refunds twice. Cash went back out of the drawer in the cancel itself.
 */
export async function cancelCheckout(
  ctx: AppContext,
  input: { caller: TerminalCaller; id: string },
): Promise<TransactionRow> {
  const { row, cardsToRefund } = await cancelTransaction(ctx.database.db, {
    ...input,
    now: ctx.now(),
    // A checkout found expired instead is told at once (the cancel then answers 409).
    onCommitted: (r) => void publishTransactionChange(ctx.database.bus, r),
  });
  if (cardsToRefund.length === 0) {
    await publishTransactionChange(ctx.database.bus, row);
    return row;
  }
  const provider = await providerOf(ctx, row);
  let failed = 0;
  for (const card of cardsToRefund) {
    // A share only authorised (Stripe, docs/guide/tenders.md#stripe-card-shares): the hold is
    // released, nothing was charged, so there is nothing to refund.
    if (card.captureState === 'authorized' && provider.release && card.providerReference) {
      const released = await provider
        .release({ reference: card.providerReference, key: `cancel_${card.id}` })
        .then(
          () => true,
          () => false,
        );
      if (released)
        await ctx.database.db
          .update(tenders)
          .set({ captureState: 'released', updatedAt: ctx.now() })
          .where(and(eq(tenders.id, card.id), eq(tenders.captureState, 'authorized')));
      else failed += 1;
      continue;
    }
    const answer = await provider
      .refund({
        projectId: row.projectId,
        refundId: `cancel_${card.id}`,
        transactionId: row.id,
        reference: card.providerReference,
        amount: card.amount + card.tipAmount,
        currency: row.currency,
      })
      .catch((error: unknown) => ({ status: 'failed' as const, reference: null, error }));
    if (answer.status === 'failed') failed += 1;
  }
  if (failed > 0) {
    // The cancel stands (its books give the shares back); the provider must still be told.
    throw new AppError(
      'provider_error',
      `The checkout is canceled, but ${failed} card share refund(s) or release(s) did not reach the provider; settle them from the provider's dashboard.`,
    );
  }
  await publishTransactionChange(ctx.database.bus, row);
  return row;
}
