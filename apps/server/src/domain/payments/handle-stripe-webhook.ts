import { and, eq } from 'drizzle-orm';
import { businesses, projects, refunds, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { open } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';
import { syncStripePayout } from '../books/sync-stripe-payout';
import { recordPaymentOutcome } from '../transactions/record-payment-outcome';
import { chargedAmount } from './check-tip';
import { providerFor } from './provider-for';
import { askRefundAgain, mayChangeAtStripe, refundsWithBusiness } from './reconcile-processing';

const badSignature = () =>
  new AppError('bad_request', 'The Stripe-Signature header does not match this payload.');

async function verifySignature(ctx: AppContext, rawBody: string, signature: string, secretEnc: string) {
  // Loaded here, not at start: only Stripe merchants' webhooks need it.
  const { default: Stripe } = await import('stripe');
  try {
    Stripe.webhooks.constructEvent(rawBody, signature, open(ctx.config, secretEnc));
  } catch {
    throw badSignature();
  }
}

/**
 * `POST /api/v1/providers/stripe/webhook`. The event names our transaction in the intent's
 * metadata; its business's webhook secret verifies the signature. The event is only a hint:
 * the intent is retrieved from Stripe and that answer is recorded (so a replayed or reordered
 * event cannot move a transaction anywhere Stripe does not say it is).
 */
export async function handleStripeWebhook(ctx: AppContext, rawBody: string, signature: string | undefined) {
  let event: { type?: string; data?: { object?: { id?: string; metadata?: Record<string, string> } } };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new AppError('bad_request', 'The body is not valid JSON.');
  }
  // Stripe's events are objects; an array or a scalar is nobody's event, refused rather than
  // acknowledged as "about nothing of ours".
  if (event === null || typeof event !== 'object' || Array.isArray(event))
    throw new AppError('bad_request', 'The body must be a JSON object (a Stripe event).');
  if (!signature) throw badSignature();
  // Payouts are the account's, not a transaction's.
  if (typeof event?.type === 'string' && event.type.startsWith('payout.'))
    return syncStripePayout(ctx, rawBody, signature);
  if (typeof event?.type === 'string' && REFUND_EVENTS.has(event.type))
    return handleRefundEvent(ctx, rawBody, signature, event.data?.object?.id);
  const object = event?.data?.object;
  const transactionId = object?.metadata?.transaction_id;
  const projectId = object?.metadata?.project_id;
  if (!signature) throw badSignature();
  if (typeof transactionId !== 'string' || typeof projectId !== 'string')
    return { received: true, handled: false };
  // A card share's own intent (docs/guide/tenders.md#stripe-card-shares) never settles the whole
  // transaction: its outcome is written by the share's payment, its capture when the bill is paid.
  if (object?.metadata?.share_key) return { received: true, handled: false };

  const [found] = await ctx.database.db
    .select({ txn: transactions, business: businesses })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(and(eq(transactions.projectId, projectId), eq(transactions.id, transactionId)))
    .limit(1);
  if (!found?.business.stripeWebhookSecretEnc) throw badSignature();
  await verifySignature(ctx, rawBody, signature, found.business.stripeWebhookSecretEnc);
  const { txn } = found;
  if (txn.provider !== 'stripe' || !['pending', 'processing', 'requires_action'].includes(txn.status)) {
    return { received: true, handled: false };
  }
  const result = await (await providerFor(ctx, 'stripe', found.business))
    .retrieve({
      projectId,
      transactionId,
      amount: chargedAmount(txn),
      currency: txn.currency,
      reference: txn.providerReference ?? object?.id ?? null,
    })
    .catch(() => {
      // Stripe retries a webhook that fails; by then the intent can be read.
      throw new AppError('service_unavailable', 'Stripe could not be reached to check this event.');
    });
  if (!result || result.status === 'processing' || result.status === txn.status)
    return { received: true, handled: false };
  await recordPaymentOutcome(ctx, {
    projectId,
    transactionId,
    result,
    reason: `stripe:${event.type ?? 'event'}`,
  });
  return { received: true, handled: true };
}

/**
 * Stripe's events about a refund: one still pending when Stripe first answered, or one that had
 * succeeded and failed later (the card's account was closed; the money is back in the balance).
 */
const REFUND_EVENTS = new Set(['charge.refund.updated', 'refund.updated', 'refund.failed']);

/**
 * A refund event is a hint as well: the refund it names is ours when one of our refunds carries
 * its `re_…` id; that refund is read from Stripe and recorded. A pending one is settled (booked
 * when it succeeded, its reserved amount freed when it failed); a succeeded one that Stripe now
 * says failed is reversed (reverseRefund). A failed one, or one we never had, is left alone.
 * docs/api/payments.md
 */
async function handleRefundEvent(
  ctx: AppContext,
  rawBody: string,
  signature: string,
  stripeRefundId: string | undefined,
) {
  if (typeof stripeRefundId !== 'string') return { received: true, handled: false };
  const [found] = await refundsWithBusiness(ctx.database.db)
    .where(eq(refunds.providerReference, stripeRefundId))
    .limit(1);
  if (!found?.business.stripeWebhookSecretEnc) return { received: true, handled: false };
  await verifySignature(ctx, rawBody, signature, found.business.stripeWebhookSecretEnc);
  if (!mayChangeAtStripe(found.refund)) return { received: true, handled: false };
  const before = found.refund.status;
  const after = await askRefundAgain(ctx, found.refund, found.txn, found.business).catch(() => {
    throw new AppError('service_unavailable', 'Stripe could not be reached to check this refund.');
  });
  return { received: true, handled: after.status !== before };
}
