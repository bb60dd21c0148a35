/**
 * The change handed back for cash (docs/guide/tenders.md): computed here once, for the server's
 * answer and the terminal's keypad alike. Null while the cash given is short of the amount.
 */
export const cashChange = (amount: number, cashGiven: number): number | null =>
  cashGiven >= amount ? cashGiven - amount : null;

/** The longest reason a drawer movement takes: the terminal's form (no zod there) and the API. */
export const DRAWER_REASON_MAX = 200;
