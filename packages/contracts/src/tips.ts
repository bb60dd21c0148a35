// Tips on the shopper's phone. No dependencies: the shopper page imports this
// module directly (`@scanline/contracts/tips`) so zod stays out of its bundle, and the server
// computes the same choices with the same rounding.

export interface TippingSettings {
  enabled: boolean;
  /** Up to 3 percentages, 1–100. */
  percentages: number[];
  /** Up to 3 amounts in minor units. */
  fixed_amounts: number[];
  /** Below this amount (minor units) the fixed amounts are offered; null = always percentages. */
  smart_threshold: number | null;
  allow_custom: boolean;
}

/** Off by default; what a project has before it sets anything. */
export const DEFAULT_TIPPING: TippingSettings = {
  enabled: false,
  percentages: [10, 15, 20],
  fixed_amounts: [100, 200, 300],
  smart_threshold: 1000,
  allow_custom: true,
};

export const TIP_LIMITS = { choices: 3, percentMin: 1, percentMax: 100 } as const;

/**
 * amount × percent / 100, rounded half up to the minor unit, in integers only (no float
 * error: 1005 × 15 % = 150.75 → 151, 1010 × 15 % = 151.5 → 152).
 */
export function percentTip(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

export type TipChoice =
  | { kind: 'percent'; percent: number; amount: number }
  | { kind: 'fixed'; amount: number };

/**
 * The choices shown for an order amount: the fixed amounts below `smart_threshold` (as Stripe's
 * smart tipping), the percentages otherwise. A choice never exceeds the order amount.
 */
export function tipChoices(settings: TippingSettings, amount: number): TipChoice[] {
  const fixed = settings.smart_threshold !== null && amount < settings.smart_threshold;
  const choices: TipChoice[] = fixed
    ? settings.fixed_amounts.map((a) => ({ kind: 'fixed' as const, amount: a }))
    : settings.percentages.map((p) => ({
        kind: 'percent' as const,
        percent: p,
        amount: percentTip(amount, p),
      }));
  return choices.filter((c) => c.amount > 0 && c.amount <= amount);
}
