/**
 * The change handed back for cash (docs/guide/tenders.md): computed here once, for the server's
 * answer and the terminal's keypad alike. Null while the cash given is short of the amount.
 */
export const cashChange = (amount: number, cashGiven: number): number | null =>
  cashGiven >= amount ? cashGiven - amount : null;

/** The longest reason a drawer movement takes: the terminal's form (no zod there) and the API. */
export const DRAWER_REASON_MAX = 200;

/** How many shares a bill may be split into (docs/guide/tenders.md#splitting-the-bill). */
export const SPLIT_SHARES_MIN = 2;
export const SPLIT_SHARES_MAX = 20;

/**
 * `due` split into `shares` parts that add up to it and differ by at most one minor unit: the
 * first `due mod shares` parts carry the extra unit (1000 in 3 → 334, 333, 333). Computed here
 * once, for the server's tenders and the terminal's preview alike. Every share is at least 1,
 * so more shares than minor units due is null.
 */
export function splitShares(due: number, shares: number): number[] | null {
  if (!Number.isInteger(due) || !Number.isInteger(shares) || shares < 1 || due < shares) return null;
  const base = Math.floor(due / shares);
  const extra = due % shares;
  return Array.from({ length: shares }, (_, i) => base + (i < extra ? 1 : 0));
}
