import { currencyDigits } from '../lib/money';

// The notes and coins a cashier counts in a drawer and is handed at the counter, in minor units,
// largest first. The quick "given" buttons of the cash screen are the notes; the close's count
// helper lists them all (docs/guide/drawer.md#at-the-close).

interface Denominations {
  notes: number[];
  coins: number[];
}

const KNOWN: Record<string, Denominations> = {
  EUR: { notes: [50000, 20000, 10000, 5000, 2000, 1000, 500], coins: [200, 100, 50, 20, 10, 5, 2, 1] },
  USD: { notes: [10000, 5000, 2000, 1000, 500, 100], coins: [25, 10, 5, 1] },
  GBP: { notes: [5000, 2000, 1000, 500], coins: [200, 100, 50, 20, 10, 5, 2, 1] },
  CHF: { notes: [100000, 20000, 10000, 5000, 2000, 1000], coins: [500, 200, 100, 50, 20, 10, 5] },
  CAD: { notes: [10000, 5000, 2000, 1000, 500], coins: [200, 100, 25, 10, 5] },
  AUD: { notes: [10000, 5000, 2000, 1000, 500], coins: [200, 100, 50, 20, 10, 5] },
  SEK: { notes: [100000, 50000, 20000, 10000, 5000, 2000], coins: [1000, 500, 200, 100] },
  JPY: { notes: [10000, 5000, 2000, 1000], coins: [500, 100, 50, 10, 5, 1] },
};

/**
 * Any other currency: 1-2-5 steps from its smallest coin, the larger half counted as notes. A
 * cashier counting an unusual currency still reaches any total with the smallest one.
 */
function generic(currency: string): Denominations {
  const unit = 10 ** currencyDigits(currency);
  const all: number[] = [];
  for (let step = 1; step <= unit * 100; step *= 10) all.push(step * 5, step * 2, step);
  const sorted = all.filter((v) => v <= unit * 500).sort((a, b) => b - a);
  return { notes: sorted.filter((v) => v >= unit * 5), coins: sorted.filter((v) => v < unit * 5) };
}

export const denominationsOf = (currency: string): Denominations =>
  KNOWN[currency.toUpperCase()] ?? generic(currency);

/**
 * The quick buttons for the cash handed over: the exact amount, then the round amounts of notes a
 * shopper is likely to give (the next multiples of each note above the amount), a few at most.
 */
export function quickCashGiven(amount: number, currency: string, max = 4): number[] {
  const notes = [...denominationsOf(currency).notes].sort((a, b) => a - b);
  const picks = new Set<number>();
  for (const note of notes) {
    // Strictly above: an amount that is already round is the "exact" button's.
    picks.add((Math.floor(amount / note) + 1) * note);
  }
  return [...picks].sort((a, b) => a - b).slice(0, max);
}

/** The counted total of `counts` (denomination → how many). */
export const countedTotal = (counts: Record<number, number>): number =>
  Object.entries(counts).reduce((sum, [value, n]) => sum + Number(value) * (Number.isFinite(n) ? n : 0), 0);
