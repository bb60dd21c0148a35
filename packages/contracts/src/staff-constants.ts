// Cashier constants with no dependencies: the web terminal imports this module
// directly (`@scanline/contracts/staff-constants`) so zod stays out of its bundle.

export const CASHIER_IDLE_MINUTES = { min: 1, max: 240, default: 5 } as const;
/**
 * 5 wrong PINs on one terminal, or 10 across the project's terminals, within 15 minutes lock PIN
 * sign-in (there, or on every terminal of the project) for 15 minutes.
 */
export const PIN_LOCKOUT = {
  attempts: 5,
  projectAttempts: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
} as const;
