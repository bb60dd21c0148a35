import { describe, expect, it } from 'vitest';
import { checkCard, formatCardNumber, formatExpiry, luhnValid } from './card';

describe('shopper card form (simulator)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('maps every Stripe test card to its payment method', () => {
    const cases = {
      '4242 4242 4242 4242': 'pm_card_visa',
      '5555 5555 5555 4444': 'pm_card_mastercard',
      '4000 0000 0000 0002': 'pm_card_chargeDeclined',
      '4000 0000 0000 9995': 'pm_card_chargeDeclinedInsufficientFunds',
      '4000 0027 6000 3184': 'pm_card_authenticationRequired',
    };
    for (const [number, pm] of Object.entries(cases))
      expect(checkCard(number, '12 / 30', '123', now).paymentMethod).toBe(pm);
  });
  it('refuses bad numbers, real cards, past dates and short codes', () => {
    expect(checkCard('4242 4242 4242 4241', '12/30', '123', now).errors.number).toBe(
      'card.error.numberInvalid',
    );
    expect(checkCard('4111 1111 1111 1111', '12/30', '123', now).errors.number).toBe(
      'card.error.numberTestMode',
    );
    expect(checkCard('4242424242424242', '10/26', '123', now).errors.expiry).toBe('card.error.expired');
    expect(checkCard('4242424242424242', '13/30', '123', now).errors.expiry).toBe('card.error.expiryInvalid');
    expect(checkCard('4242424242424242', '11/26', '12', now).errors.cvc).toBeDefined();
    expect(checkCard('4242424242424242', '11/26', '123', now).paymentMethod).toBe('pm_card_visa');
  });
  it('formats while typing', () => {
    expect(formatCardNumber('42424242424242424')).toBe('4242 4242 4242 4242 4');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04');
    expect(luhnValid('4242424242424242')).toBe(true);
  });
});
