import { describe, expect, it } from 'vitest';
import { cashChange, splitShares } from './tenders';

describe('splitShares', () => {
  it('adds up to what is due, the shares differing by at most one unit', () => {
    for (const [due, n] of [
      [1000, 3],
      [1001, 2],
      [5, 5],
      [99_999, 20],
      [2, 2],
    ] as const) {
      const shares = splitShares(due, n)!;
      expect(shares).toHaveLength(n);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(due);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('puts the extra units first', () => {
    expect(splitShares(1000, 3)).toEqual([334, 333, 333]);
    expect(splitShares(10, 4)).toEqual([3, 3, 2, 2]);
  });

  it('refuses shares of nothing and odd inputs', () => {
    expect(splitShares(2, 3)).toBeNull();
    expect(splitShares(10, 0)).toBeNull();
    expect(splitShares(10.5, 2)).toBeNull();
  });
});

describe('cashChange', () => {
  it('is what was given over the amount, null when short', () => {
    expect(cashChange(1000, 2000)).toBe(1000);
    expect(cashChange(1000, 999)).toBeNull();
  });
});
