import { describe, expect, it } from 'vitest';
import { fromStripeAmount, toStripeAmount } from './stripe-amounts';

describe("Stripe's two-decimal ISK and UGX", () => {
  it('sends whole krónur and shillings times 100, every other currency as it is', () => {
    expect(toStripeAmount(1500, 'ISK')).toBe(150000);
    expect(toStripeAmount(1500, 'ugx')).toBe(150000);
    expect(toStripeAmount(1500, 'JPY')).toBe(1500);
    expect(toStripeAmount(1500, 'EUR')).toBe(1500);
  });
  it('reads Stripe amounts back, a fee that is not a whole króna rounded half away from zero', () => {
    expect(fromStripeAmount(150000, 'isk')).toBe(1500);
    expect(fromStripeAmount(2350, 'ISK')).toBe(24);
    expect(fromStripeAmount(-2350, 'ISK')).toBe(-24);
    expect(fromStripeAmount(2349, 'ISK')).toBe(23);
    expect(fromStripeAmount(2349, 'EUR')).toBe(2349);
  });
});
