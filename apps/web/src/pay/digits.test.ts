import { describe, expect, it } from 'vitest';
import { westernDigits } from './digits';

describe('amounts typed on any keyboard', () => {
  it('reads Arabic-Indic, extended Arabic-Indic and full-width digits and signs as ASCII', () => {
    expect(westernDigits('١٢٫٥٠')).toBe('12.50');
    expect(westernDigits('١٬٢٣٤')).toBe('1,234');
    expect(westernDigits('۱۲')).toBe('12');
    expect(westernDigits('１２．５０')).toBe('12.50');
    expect(westernDigits('12,50')).toBe('12,50');
  });
});
