import { describe, expect, it } from 'vitest';
import { currencyDigits } from './currency-digits';

describe('currencyDigits (ISO 4217 exponents, not Intl display digits)', () => {
  it('gives the ISO 4217 minor units where Intl shows fewer digits', () => {
    expect(currencyDigits('HUF')).toBe(2);
    expect(currencyDigits('IDR')).toBe(2);
    expect(currencyDigits('MGA')).toBe(2);
    expect(currencyDigits('ISK')).toBe(0);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('eur')).toBe(2);
  });
});
