import { and, eq } from 'drizzle-orm';
import { businesses, projects, tenders } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { TransactionRow } from '../transactions/transition-transaction';
import type { PaymentProvider } from './provider';
import { providerFor } from './provider-for';

/**
 * The whole bill is paid: every card share only authorised so far (a Stripe share, `capture_state`
 * `authorized`) is captured, each under its own key (`capture_{tender}`), so a retry never
 * captures twice (docs/guide/tenders.md#stripe-card-shares). Runs after the commit that made the
 * transaction `succeeded` — by the last card share or by the cash that paid the rest. A capture
 * the provider refuses leaves its share `authorized` for the next call; the checkout stays paid.
 */
export async function captureHeldShares(
  ctx: AppContext,
  input: { row: TransactionRow; provider?: PaymentProvider },
): Promise<{ captured: number; failed: number }> {
  const { row } = input;
  const db = ctx.database.db;
  if (row.status !== 'succeeded') return { captured: 0, failed: 0 };
  const held = await db
    .select()
    .from(tenders)
    .where(
      and(
        eq(tenders.projectId, row.projectId),
        eq(tenders.transactionId, row.id),
        eq(tenders.status, 'succeeded'),
        eq(tenders.captureState, 'authorized'),
      ),
    );
  if (held.length === 0) return { captured: 0, failed: 0 };
  const provider = input.provider ?? (await providerOf(ctx, row));
  if (!provider.capture) return { captured: 0, failed: held.length };
  let captured = 0;
  for (const share of held) {
    const answer = await provider
      .capture({ reference: share.providerReference ?? '', key: `capture_${share.id}` })
      .catch(() => null);
    if (answer?.status !== 'succeeded' || answer.authorized) continue;
    await db
      .update(tenders)
      .set({ captureState: 'captured', updatedAt: ctx.now() })
      .where(and(eq(tenders.id, share.id), eq(tenders.captureState, 'authorized')));
    captured += 1;
  }
  return { captured, failed: held.length - captured };
}

/** The transaction's own provider, with its business's keys. */
export async function providerOf(ctx: AppContext, row: TransactionRow): Promise<PaymentProvider> {
  const [found] = await ctx.database.db
    .select({ business: businesses })
    .from(projects)
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(eq(projects.id, row.projectId));
  return providerFor(ctx, row.provider, found!.business);
}
