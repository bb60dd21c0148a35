import Stripe from 'stripe';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import {
  type ChargeInput,
  type ChargeResult,
  failureMessageFor,
  type HeldChargeInput,
  type PaymentProvider,
  type RefundInput,
  type RetrieveInput,
} from './provider';
import { toStripeAmount } from './stripe-amounts';

/** Where the SDK sends requests: Stripe, or (tests, proxies) `STRIPE_API_BASE`. */
export function stripeClient(config: Config, secretKey: string) {
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : undefined;
  return new Stripe(secretKey, {
    // Retries reuse our idempotency keys, so they can never charge twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

function card(intent: Stripe.PaymentIntent) {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const c = charge?.payment_method_details?.card;
  return { cardBrand: c?.brand ?? null, cardLast4: c?.last4 ?? null, cardWallet: c?.wallet?.type ?? null };
}

/** Stripe's `generic_decline` is just `card_declined`; specific reasons (insufficient_funds) win. */
const declineCode = (code?: string, decline?: string) =>
  decline && decline !== 'generic_decline' ? decline : (code ?? 'card_declined');

/** A PaymentIntent as our charge; null while nothing was attempted on it. */
export function intentResult(intent: Stripe.PaymentIntent): ChargeResult | null {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id, ...card(intent) };
    case 'requires_capture':
      // A manual-capture share: the card is held, the money moves at the capture.
      return { status: 'succeeded', reference: intent.id, authorized: true, ...card(intent) };
    case 'processing':
      return { status: 'processing', reference: intent.id };
    case 'requires_action':
      return { status: 'requires_action', reference: intent.id };
    case 'canceled':
      return {
        status: 'failed',
        reference: intent.id,
        failureCode: 'canceled',
        failureMessage: failureMessageFor('canceled'),
      };
    default: {
      const err = intent.last_payment_error;
      if (!err) return null;
      const code = declineCode(err.code, err.decline_code);
      return {
        status: 'failed',
        reference: intent.id,
        ...card(intent),
        failureCode: code,
        failureMessage: failureMessageFor(code),
      };
    }
  }
}

/**
 * Stripe PaymentIntents: one intent per transaction, created under our transaction id as the
 * idempotency key (so re-creating it returns the same intent), confirmed at most once. A card
 * share of a split bill has an intent of its own, under the share's charge key, with
 * `capture_method: manual`: captured when the whole bill is paid, canceled (the hold released)
 * when the checkout is (docs/guide/tenders.md#stripe-card-shares).
 */
export function stripeProvider(client: Stripe): PaymentProvider {
  const ensureIntent = async (input: RetrieveInput) => {
    if (input.reference) {
      return client.paymentIntents.retrieve(input.reference, { expand: ['latest_charge'] });
    }
    const share = input.captureManually === true;
    return client.paymentIntents.create(
      {
        amount: toStripeAmount(input.amount, input.currency),
        currency: input.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        ...(share ? { capture_method: 'manual' as const } : {}),
        metadata: {
          transaction_id: input.transactionId,
          project_id: input.projectId,
          ...(share && input.attemptKey ? { share_key: input.attemptKey } : {}),
        },
      },
      // A share's key names its amount too: the pay page prepares the share's intent without a tip,
      // and a try that adds one must not reuse that key with other parameters (Stripe refuses).
      {
        idempotencyKey: share
          ? `share:${input.attemptKey ?? input.transactionId}:${input.amount}`
          : input.transactionId,
      },
    );
  };

  return {
    kind: 'stripe',
    checkPaymentMethod(paymentMethod) {
      if (!/^pm_[A-Za-z0-9_]{1,200}$/.test(paymentMethod)) {
        throw new AppError('payment_method_invalid', 'Expected a Stripe payment method id (pm_…).', [
          { path: 'body.payment_method', message: 'Not a payment method id' },
        ]);
      }
    },

    async prepare(input) {
      const intent = await ensureIntent(input);
      return { reference: intent.id, clientSecret: intent.client_secret ?? '' };
    },

    async charge(input: ChargeInput) {
      const intent = await ensureIntent(input);
      if (input.confirmation || intent.status !== 'requires_payment_method') {
        // Stripe.js confirmed it in the browser (3-D Secure), or it already ran: read it.
        const current = await client.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
        return intentResult(current) ?? { status: 'processing', reference: intent.id };
      }
      // The intent was made for the order amount when the page opened; a tip
      // chosen since (or another one after a decline) changes what is charged.
      if (intent.amount !== toStripeAmount(input.amount, input.currency)) {
        await client.paymentIntents.update(
          intent.id,
          { amount: toStripeAmount(input.amount, input.currency) },
          { idempotencyKey: `${input.attemptKey ?? input.transactionId}:amount:${input.amount}` },
        );
      }
      try {
        const confirmed = await client.paymentIntents.confirm(
          intent.id,
          { payment_method: input.paymentMethod, expand: ['latest_charge'] },
          { idempotencyKey: `${input.attemptKey ?? input.transactionId}:confirm` },
        );
        return intentResult(confirmed) ?? { status: 'processing', reference: intent.id };
      } catch (error) {
        // A decline is an answer, not an error: Stripe sends the intent with the card error.
        if (error instanceof Stripe.errors.StripeCardError) {
          const code = declineCode(error.code, error.decline_code);
          return {
            status: 'failed',
            reference: intent.id,
            failureCode: code,
            failureMessage: failureMessageFor(code),
          };
        }
        throw error;
      }
    },

    async retrieve(input) {
      const intent = input.reference
        ? await client.paymentIntents.retrieve(input.reference, { expand: ['latest_charge'] })
        : // Made (or found) under its key, then read: an idempotent replay answers the intent as
          // it was created, not as it is now.
          await client.paymentIntents.retrieve((await ensureIntent(input)).id, { expand: ['latest_charge'] });
      return intentResult(intent);
    },

    async capture({ reference, key }: HeldChargeInput) {
      const intent = await client.paymentIntents.capture(
        reference,
        { expand: ['latest_charge'] },
        { idempotencyKey: key },
      );
      return intentResult(intent) ?? { status: 'processing', reference };
    },

    async release({ reference, key }: HeldChargeInput) {
      await client.paymentIntents.cancel(reference, {}, { idempotencyKey: key });
    },

    async refund(input: RefundInput) {
      if (!input.reference)
        return { status: 'failed', reference: null, failureCode: 'charge_not_refundable' };
      // A pending refund is read again: Stripe's idempotency replays its first answer (still
      // `pending`) for a day, so creating it again would never tell it settled.
      const refund = input.providerRefundId
        ? await client.refunds.retrieve(input.providerRefundId)
        : await client.refunds.create(
            { payment_intent: input.reference, amount: toStripeAmount(input.amount, input.currency) },
            { idempotencyKey: input.refundId },
          );
      const status =
        refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' ? 'pending' : 'failed';
      return { status, reference: refund.id, failureCode: refund.failure_reason ?? null };
    },
  };
}
