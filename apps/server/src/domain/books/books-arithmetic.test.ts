import { describe, expect, it } from 'vitest';
import { majorUnits } from './accounting-export';
import { canonicalJson } from './close-hash';
import { simulatorFee } from './fees';
import { includedTax } from './vat';

// The money arithmetic the books rest on, exact to the minor unit.

describe('includedTax (VAT in a gross amount, half up)', () => {
  it('matches the receipts example and rounds half up per transaction', () => {
    expect(includedTax(1000, 19)).toBe(160); // 159.66
    expect(includedTax(2000, 7)).toBe(131); // 130.84
    expect(includedTax(1190, 19)).toBe(190); // exactly 190
    expect(includedTax(107, 7)).toBe(7); // exactly 7
    expect(includedTax(1000, 7.7)).toBe(71); // 71.49
    expect(includedTax(-400, 19)).toBe(-64); // a refund, signed like it
    expect(includedTax(1000, null)).toBe(0);
    expect(includedTax(1000, 0)).toBe(0);
    // Exactly half a minor unit goes up: 11 × 100 / (100 + 100) = 5.5 → 6.
    expect(includedTax(11, 100)).toBe(6);
  });
});

describe('simulatorFee (percent half up + fixed)', () => {
  it('rounds the percent part half up to the minor unit, in integers', () => {
    expect(simulatorFee(1000, { percent: 1.4, fixed: 25 })).toBe(39);
    expect(simulatorFee(1250, { percent: 1.4, fixed: 25 })).toBe(43); // 17.5 → 18
    expect(simulatorFee(2050, { percent: 1.4, fixed: 25 })).toBe(54); // 28.7 → 29
    expect(simulatorFee(10, { percent: 1.4, fixed: 25 })).toBe(10); // never more than the amount
    expect(simulatorFee(100_000, { percent: 0, fixed: 0 })).toBe(0);
  });
});

describe('majorUnits (exports)', () => {
  it('writes minor units as major units with a dot, exactly', () => {
    expect(majorUnits(1250, 'EUR')).toBe('12.50');
    expect(majorUnits(-2050, 'EUR')).toBe('-20.50');
    expect(majorUnits(5, 'USD')).toBe('0.05');
    expect(majorUnits(500, 'JPY')).toBe('500');
    expect(majorUnits(1234, 'KWD')).toBe('1.234');
  });
});

describe('canonicalJson (the close hash input)', () => {
  it('sorts keys at every level, keeps array order, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }, 7.7], é: true })).toBe(
      '{"a":[{"c":"x","d":null},7.7],"b":1,"é":true}',
    );
  });
});
