import { describe, expect, it } from 'vitest';
import { countedTotal, denominationsOf, quickCashGiven } from './cash-denominations';

describe('cash denominations', () => {
  it('offers the round notes above the amount after the exact one', () => {
    expect(quickCashGiven(1250, 'EUR')).toEqual([1500, 2000, 5000, 10000]);
    expect(quickCashGiven(1250, 'USD')).toEqual([1300, 1500, 2000, 5000]);
    expect(quickCashGiven(2000, 'GBP')).toEqual([2500, 3000, 4000, 5000]);
  });

  it('has a generic set for other currencies that reaches every amount', () => {
    const { notes, coins } = denominationsOf('NOK');
    expect(coins.at(-1)).toBe(1);
    expect(notes.length).toBeGreaterThan(0);
    expect(denominationsOf('JPY').coins.at(-1)).toBe(1);
  });

  it('adds up the counts', () => {
    expect(countedTotal({ 5000: 1, 2000: 2, 50: 3 })).toBe(9150);
    expect(countedTotal({})).toBe(0);
  });
});
