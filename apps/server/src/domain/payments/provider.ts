// Boundary: `payments/` owns the providers and every call to them (charge, confirm,
// refund, retrieve, the crash reconcile, Stripe's webhooks); status changes go through `transactions/`.
/**
 * The payment provider seam: charge, refund, retrieve. Every call names our
 * transaction id as its idempotency key, so a retried or duplicated call can never charge
 * twice, and a transaction left `processing` by a crash can be finished by retrieving it.
 */
export type ProviderKind = 'simulator' | 'stripe';

/** What a provider says about a transaction's charge. */
export interface ChargeResult {
  status: 'succeeded' | 'failed' | 'requires_action' | 'processing';
  /** The provider's id for the charge (ch_sim_…, pi_…). */
  reference: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** The phone wallet the card came from (`apple_pay`, `google_pay`…), as the provider reports it. */
  cardWallet?: string | null;
  failureCode?: string | null;
  failureMessage?: string | null;
}

export interface ChargeInput {
  projectId: string;
  transactionId: string;
  /**
   * The charge's idempotency key: the transaction id for the first card, one per card after a
   * decline (`chargeKey`). Defaults to the transaction id.
   */
  attemptKey?: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  /**
   * The simulator's wallet sheet: the card came through Apple Pay or Google Pay. Stripe ignores
   * it (Stripe reports the wallet on the charge itself). docs/guide/wallets.md
   */
  wallet?: 'apple_pay' | 'google_pay';
  /** The provider's id from an earlier call (a Stripe PaymentIntent), if any. */
  reference: string | null;
  /** The shopper finished the authentication step (3-D Secure) of a `requires_action` charge. */
  confirmation?: boolean;
}

export interface RetrieveInput {
  projectId: string;
  transactionId: string;
  /** The idempotency key of the charge to look for (see ChargeInput). */
  attemptKey?: string;
  amount: number;
  currency: string;
  reference: string | null;
}

export interface RefundInput {
  projectId: string;
  /** Our refund id: the refund's idempotency key. */
  refundId: string;
  transactionId: string;
  reference: string | null;
  amount: number;
  currency: string;
  /** The provider's refund, once it answered `pending`: read again, never created again. */
  providerRefundId?: string | null;
}

export interface RefundResult {
  status: 'succeeded' | 'pending' | 'failed';
  reference: string | null;
  failureCode?: string | null;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Refuses a payment method this provider cannot take, before any state changes (AppError 400). */
  checkPaymentMethod(paymentMethod: string): void;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** The charge made under this attempt's idempotency key, or null when none was made. */
  retrieve(input: RetrieveInput): Promise<ChargeResult | null>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Stripe only: the PaymentIntent the shopper page confirms with Stripe.js's Payment Element
   * (created once per transaction under its idempotency key).
   */
  prepare?(input: RetrieveInput): Promise<{ reference: string; clientSecret: string }>;
}

/** Shopper-facing sentences for decline codes (the pay page shows them as they are). */
const FAILURE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined. Try another card, or ask the merchant for another way to pay.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  expired_card: 'Your card has expired. Try another card.',
  incorrect_cvc: "Your card's security code is incorrect. Check it and try again.",
  processing_error: 'Your card could not be processed. Try again in a moment.',
  authentication_required: 'Your bank needs you to confirm this payment. Try again and approve it.',
  payment_intent_authentication_failure: 'The payment was not approved by your bank. Try another card.',
  canceled: 'The payment was canceled. Ask the merchant to start again.',
};

export const failureMessageFor = (code: string | null | undefined) =>
  FAILURE_MESSAGES[code ?? ''] ??
  'The payment did not go through. Try another card, or ask the merchant for help.';
