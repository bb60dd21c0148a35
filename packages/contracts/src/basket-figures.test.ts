import { describe, expect, it } from 'vitest';
import {
  basketFigures,
  lineFigures,
  lineRefundFigures,
  lineTotal,
  quantityThousandths,
} from './basket-figures';
import { includedTax } from './receipt-figures';

describe('line totals', () => {
  it('multiplies and rounds half up to the minor unit', () => {
    expect(lineTotal(2, 350)).toBe(700);
    expect(lineTotal(0.333, 1299)).toBe(433); // 432.567
    expect(lineTotal(0.5, 3)).toBe(2); // 1.5 → 2
    expect(lineTotal(0.125, 4)).toBe(1); // 0.5 → 1
    expect(lineTotal(0.001, 499)).toBe(0); // 0.499 → 0
    expect(lineTotal(1.005, 1000)).toBe(1005); // no float error
    expect(lineTotal(99_999, 99_999_999)).toBe(99_999 * 99_999_999);
  });

  it('reads at most three decimals', () => {
    expect(quantityThousandths(0.125)).toBe(125);
    expect(quantityThousandths(1.1)).toBe(1100);
    expect(quantityThousandths(0.1235)).toBeNull();
    expect(() => lineTotal(0.0001, 100)).toThrow(RangeError);
  });

  it('states the VAT each line includes at its rate', () => {
    expect(lineFigures({ quantity: 1, unit_price: 1000, tax_rate: 19 })).toEqual({ total: 1000, tax: 160 });
    expect(lineFigures({ quantity: 3, unit_price: 210, tax_rate: 7 })).toEqual({ total: 630, tax: 41 });
    expect(lineFigures({ quantity: 1, unit_price: 999, tax_rate: null })).toEqual({ total: 999, tax: 0 });
  });
});

describe('a basket across several rates', () => {
  const lines = [
    { quantity: 2, unit_price: 320, tax_rate: 7 },
    { quantity: 0.333, unit_price: 1299, tax_rate: 7 },
    { quantity: 1, unit_price: 1999, tax_rate: 19 },
    { quantity: 3, unit_price: 333, tax_rate: 19 },
    { quantity: 1, unit_price: 450, tax_rate: 7.7 },
    { quantity: 1, unit_price: 500, tax_rate: null },
  ].map((l) => ({ ...l, ...lineFigures(l) }));

  it('adds its lines up per rate and in all', () => {
    const b = basketFigures(lines);
    expect(b.amount).toBe(640 + 433 + 1999 + 999 + 450 + 500);
    expect(b.by_tax_rate.map((r) => r.rate)).toEqual([19, 7.7, 7, null]);
    expect(b.by_tax_rate.reduce((s, r) => s + r.gross, 0)).toBe(b.amount);
    expect(b.by_tax_rate.reduce((s, r) => s + r.tax, 0)).toBe(b.tax);
    expect(b.tax).toBe(lines.reduce((s, l) => s + l.tax, 0));
    const r7 = b.by_tax_rate.find((r) => r.rate === 7);
    expect(r7).toEqual({ rate: 7, gross: 1073, tax: includedTax(640, 7) + includedTax(433, 7) });
    expect(b.by_tax_rate.find((r) => r.rate === null)).toEqual({ rate: null, gross: 500, tax: 0 });
  });

  it('keeps the sum of rounded lines even where it differs from the rate rounded once', () => {
    // Three lines of 1 at 19 %: 0.16 each rounds to 0, while 3 rounds to 0.48 → 0: and 10 lines
    // of 3 (0.479 each → 0) against 30 (4.79 → 5): the rate states what its lines state.
    const small = Array.from({ length: 10 }, () => ({ quantity: 1, unit_price: 3, tax_rate: 19 })).map(
      (l) => ({
        ...l,
        ...lineFigures(l),
      }),
    );
    const b = basketFigures(small);
    expect(b.by_tax_rate).toEqual([{ rate: 19, gross: 30, tax: 0 }]);
  });
});

describe('refunds by line', () => {
  const line = {
    quantity: 3,
    unit_price: 333,
    tax_rate: 19,
    ...lineFigures({ quantity: 3, unit_price: 333, tax_rate: 19 }),
  };

  it('gives back a part, and exactly what is left at the last one', () => {
    const first = lineRefundFigures(line, { quantity: 0, amount: 0, tax: 0 }, 1);
    expect(first).toEqual({ amount: 333, tax: 53 });
    const second = lineRefundFigures(line, { quantity: 1, amount: 333, tax: 53 }, 1);
    const last = lineRefundFigures(line, { quantity: 2, amount: 666, tax: 106 }, 1);
    expect(first.amount + second.amount + last.amount).toBe(line.total);
    expect(first.tax + second.tax + last.tax).toBe(line.tax);
  });

  it('weights: a part of a weighed line', () => {
    const w = {
      quantity: 0.5,
      unit_price: 1299,
      tax_rate: 7,
      ...lineFigures({ quantity: 0.5, unit_price: 1299, tax_rate: 7 }),
    };
    expect(w.total).toBe(650);
    expect(lineRefundFigures(w, { quantity: 0, amount: 0, tax: 0 }, 0.25)).toEqual({ amount: 325, tax: 21 });
    expect(lineRefundFigures(w, { quantity: 0.25, amount: 325, tax: 21 }, 0.25)).toEqual({
      amount: 325,
      tax: w.tax - 21,
    });
  });
});
