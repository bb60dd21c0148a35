import { describe, expect, it } from 'vitest';
import { DEFAULT_TIPPING, percentTip, tipChoices } from './tips';

describe('tip rounding and choices', () => {
  it('rounds a percentage tip half up to the minor unit', () => {
    expect(percentTip(1000, 15)).toBe(150);
    // 1005 × 15 % = 150.75 → 151; 1010 × 15 % = 151.5 → 152 (half up, not to even).
    expect(percentTip(1005, 15)).toBe(151);
    expect(percentTip(1010, 15)).toBe(152);
    // 1030 × 15 % = 154.5 → 155; 1 × 50 % = 0.5 → 1; 1 × 49 % = 0.49 → 0.
    expect(percentTip(1030, 15)).toBe(155);
    expect(percentTip(1, 50)).toBe(1);
    expect(percentTip(1, 49)).toBe(0);
    // 333 × 10 % = 33.3 → 33; 335 × 10 % = 33.5 → 34; 999 × 20 % = 199.8 → 200.
    expect(percentTip(333, 10)).toBe(33);
    expect(percentTip(335, 10)).toBe(34);
    expect(percentTip(999, 20)).toBe(200);
    // No float error at the largest amount.
    expect(percentTip(99_999_999, 15)).toBe(15_000_000);
    expect(percentTip(99_999_999, 100)).toBe(99_999_999);
  });

  it('offers fixed amounts below the smart threshold and percentages from it', () => {
    const on = { ...DEFAULT_TIPPING, enabled: true };
    expect(tipChoices(on, 999)).toEqual([
      { kind: 'fixed', amount: 100 },
      { kind: 'fixed', amount: 200 },
      { kind: 'fixed', amount: 300 },
    ]);
    expect(tipChoices(on, 1000)).toEqual([
      { kind: 'percent', percent: 10, amount: 100 },
      { kind: 'percent', percent: 15, amount: 150 },
      { kind: 'percent', percent: 20, amount: 200 },
    ]);
    // null threshold: always percentages; a fixed tip above the amount is not offered.
    expect(tipChoices({ ...on, smart_threshold: null }, 250).map((c) => c.amount)).toEqual([25, 38, 50]);
    expect(tipChoices(on, 150).map((c) => c.amount)).toEqual([100]);
  });
});
