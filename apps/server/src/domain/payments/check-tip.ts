import type { ShopperScan } from '@scanline/contracts';
import { DEFAULT_TIPPING, type TippingSettings, tipChoices } from '@scanline/contracts/tips';
import { AppError } from '../../platform/errors';
import type { TransactionRow } from '../transactions/transition-transaction';

/** What a transaction charges, its order amount and its tip (`amount_total`). */
export const chargedAmount = (txn: Pick<TransactionRow, 'amount' | 'tipAmount'>) =>
  txn.amount + txn.tipAmount;

/** A project's tip settings: what it saved over the defaults (off until enabled). */
export const tippingOf = (saved: Partial<TippingSettings> | null | undefined): TippingSettings => ({
  ...DEFAULT_TIPPING,
  ...(saved ?? {}),
});

/** Whether this checkout asks for a tip: tipping on, and the register did not skip it. */
const asksForTip = (txn: Pick<TransactionRow, 'skipTipping'>, settings: TippingSettings) =>
  settings.enabled && !txn.skipTipping;

/** What the shopper page shows before the card form, or null when no tip is asked. */
export function shopperTipping(
  txn: Pick<TransactionRow, 'amount' | 'skipTipping'>,
  saved: Partial<TippingSettings> | null | undefined,
): NonNullable<ShopperScan['tipping']> | null {
  const settings = tippingOf(saved);
  if (!asksForTip(txn, settings)) return null;
  return {
    choices: tipChoices(settings, txn.amount).map((c) =>
      c.kind === 'percent' ? { kind: 'percent', percent: c.percent, amount: c.amount } : c,
    ),
    allow_custom: settings.allow_custom,
    max_amount: txn.amount,
  };
}

/**
 * The tip a payment try may carry: 0 always; otherwise tipping must be on and
 * not skipped (`400 tipping_disabled`), the tip at most the order amount, and one of the
 * offered choices unless custom tips are allowed.
 */
export function checkTip(
  txn: Pick<TransactionRow, 'amount' | 'skipTipping'>,
  saved: Partial<TippingSettings> | null | undefined,
  tip: number | undefined,
): number {
  if (!tip) return 0;
  const settings = tippingOf(saved);
  if (!asksForTip(txn, settings)) {
    throw new AppError(
      'tipping_disabled',
      txn.skipTipping && settings.enabled
        ? 'This checkout was created without a tip.'
        : 'This merchant does not take tips.',
    );
  }
  if (tip > txn.amount) {
    throw new AppError('validation_failed', 'A tip cannot be more than the amount.', [
      { path: 'body.tip_amount', message: `At most ${txn.amount}`, code: 'too_big' },
    ]);
  }
  if (!settings.allow_custom && !tipChoices(settings, txn.amount).some((c) => c.amount === tip)) {
    throw new AppError('validation_failed', 'Choose one of the tips offered.', [
      { path: 'body.tip_amount', message: 'Not one of the offered tips' },
    ]);
  }
  return tip;
}
