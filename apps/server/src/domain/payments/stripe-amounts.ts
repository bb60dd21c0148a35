/**
 * Stripe's amounts for ISK and UGX: both have no minor unit in ISO 4217 (our amounts are whole
 * krónur and shillings), but Stripe's API takes and gives them as if they had two decimals, the
 * last two always 00 (Stripe's "special cases" of zero-decimal currencies). Every other currency
 * Stripe counts in the ISO minor unit, as we do. docs/api/payments.md
 */
const TWO_DECIMALS_AT_STRIPE = new Set(['ISK', 'UGX']);

const factor = (currency: string) => (TWO_DECIMALS_AT_STRIPE.has(currency.toUpperCase()) ? 100 : 1);

/** Our minor units → the amount Stripe expects. */
export const toStripeAmount = (amount: number, currency: string) => amount * factor(currency);

/** An amount Stripe sent (a charge, a fee, a net) → our minor units, rounded half away from zero. */
export const fromStripeAmount = (amount: number, currency: string) => {
  const f = factor(currency);
  return f === 1 ? amount : Math.sign(amount) * Math.round(Math.abs(amount) / f);
};
