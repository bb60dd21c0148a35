import { and, eq } from 'drizzle-orm';
import { businesses, projects } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TerminalCaller } from '../terminals/terminal-caller';
import { cancelTransaction } from '../transactions/cancel-transaction';
import type { TransactionRow } from '../transactions/transition-transaction';
import { providerFor } from './provider-for';

/**
 * Cancels a checkout (docs/guide/tenders.md#statuses); when it was paid in part, every card share
 * it took goes back through the provider, each under its own refund key (`cancel_{tender}`), so a
 * retry never refunds twice. Cash went back out of the drawer in the cancel itself.
 */
export async function cancelCheckout(
  ctx: AppContext,
  input: { caller: TerminalCaller; id: string; onCommitted?: (row: TransactionRow) => void },
): Promise<TransactionRow> {
  const { row, cardsToRefund } = await cancelTransaction(ctx.database.db, { ...input, now: ctx.now() });
  if (cardsToRefund.length === 0) return row;
  const [found] = await ctx.database.db
    .select({ business: businesses })
    .from(projects)
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(and(eq(projects.id, row.projectId)));
  const provider = await providerFor(ctx, row.provider, found!.business);
  let failed = 0;
  for (const card of cardsToRefund) {
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
      `The checkout is canceled, but ${failed} card share refund(s) did not reach the provider; refund them from the provider's dashboard.`,
    );
  }
  return row;
}
