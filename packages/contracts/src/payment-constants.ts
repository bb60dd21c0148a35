// Payment constants with no dependencies: the shopper page and the web terminal import this
// module directly (`@scanline/contracts/payment-constants`) so zod stays out of their bundles.

/** Largest amount in minor units: 999,999.99 in a two-decimal currency. */
export const AMOUNT_MAX = 99_999_999;

/** The simulator's card form: Stripe's test card numbers → Stripe's test payment methods. */
export const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000002760003184': 'pm_card_authenticationRequired',
};

/**
 * Statuses a transaction never leaves by itself: a terminal stops following it, the shopper page
 * shows its end, the status stream closes (only a refund moves a succeeded one on).
 */
export const FINAL_TRANSACTION_STATUSES: readonly string[] = [
  'succeeded',
  'failed',
  'canceled',
  'expired',
  'partially_refunded',
  'refunded',
];

/** Whether a status is final (`FINAL_TRANSACTION_STATUSES`). */
export const isFinalTransactionStatus = (status: string | null | undefined) =>
  status != null && FINAL_TRANSACTION_STATUSES.includes(status);

/** The decline codes the server names (apps/server/src/domain/payments/provider.ts); each screen has a sentence for every one. */
export const DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
  'payment_intent_authentication_failure',
  'canceled',
] as const;

/** How a tender pays (docs/guide/tenders.md). */
export const TENDER_METHODS = ['card', 'cash'] as const;
