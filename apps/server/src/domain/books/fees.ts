/**
 * The simulator's fee: `percent` % of the amount rounded half up to the minor
 * unit, plus `fixed` minor units, never more than the amount. Percent is taken to thousandths
 * (1.4 → 1400) so the rounding is integer arithmetic, not floating point.
 */
export function simulatorFee(amount: number, fee: { percent: number; fixed: number }): number {
  const p = Math.round(fee.percent * 1000);
  const proportional = Math.floor((2 * amount * p + 100_000) / 200_000);
  return Math.min(amount, proportional + fee.fixed);
}
