import { TEST_CARDS } from '@scanline/contracts/payment-constants';

// The simulator's card form. Card details are checked and mapped to one of Stripe's
// test payment methods here, in the browser: the number never leaves this page.

export const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (Amex-style 4-6-5 for 15 digits). */
export function formatCardNumber(input: string): string {
  const d = digitsOnly(input).slice(0, 19);
  if (d.length === 15) return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  return d.replace(/(.{4})(?=.)/g, '$1 ');
}

/** "1234" → "12 / 34" while typing. */
export function formatExpiry(input: string): string {
  let d = digitsOnly(input).slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export function luhnValid(number: string): boolean {
  const d = digitsOnly(number);
  if (d.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Each error is a message id of the pay pages' catalogue: the form says it in the shopper's language. */
export type CardError =
  | 'card.error.numberMissing'
  | 'card.error.numberInvalid'
  | 'card.error.numberTestMode'
  | 'card.error.expiryInvalid'
  | 'card.error.expired'
  | 'card.error.cvc';

export interface CardErrors {
  number?: CardError;
  expiry?: CardError;
  cvc?: CardError;
}

/** Checks the three fields; on success gives the test payment method the number stands for. */
export function checkCard(
  number: string,
  expiry: string,
  cvc: string,
  now = new Date(),
): { errors: CardErrors; paymentMethod?: string } {
  const errors: CardErrors = {};
  const digits = digitsOnly(number);
  if (!digits) errors.number = 'card.error.numberMissing';
  else if (!luhnValid(digits)) errors.number = 'card.error.numberInvalid';
  else if (!TEST_CARDS[digits]) errors.number = 'card.error.numberTestMode';
  const e = digitsOnly(expiry);
  const month = Number(e.slice(0, 2));
  const year = 2000 + Number(e.slice(2, 4));
  if (e.length !== 4 || month < 1 || month > 12) errors.expiry = 'card.error.expiryInvalid';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    errors.expiry = 'card.error.expired';
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'card.error.cvc';
  return { errors, paymentMethod: Object.keys(errors).length ? undefined : TEST_CARDS[digits] };
}
