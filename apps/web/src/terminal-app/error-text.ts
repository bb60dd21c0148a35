import type { LastPaymentError } from '@scanline/contracts';
import { DECLINE_CODES } from '@scanline/contracts/payment-constants';

export { DECLINE_CODES };

import type { T } from '../lib/i18n/console-intl';
import { PublicApiError } from '../lib/public-config';
import type { MessageId } from '../messages/keys';

// What the web terminal says when a request fails or a card is declined: always a sentence from
// the catalogue, chosen by the error's code, never the server's English `detail` or Stripe's
// English `last_payment_error.message` (docs/i18n/rules.md).

/** The error codes (docs/api/errors.md) the terminal's requests meet and explains by name. */
export const TERMINAL_ERROR_CODES = [
  'pairing_code_invalid',
  'terminal_disabled',
  'transaction_not_payable',
  'transaction_state_conflict',
  'refund_exceeds_amount',
  'payment_failed',
  'provider_error',
  'rate_limited',
  'too_many_attempts',
  'currency_not_allowed',
  'manager_required',
  'cashier_required',
  'service_unavailable',
  'validation_failed',
  'not_found',
  // Cash (docs/guide/tenders.md, docs/guide/drawer.md).
  'drawer_closed',
  'drawer_already_open',
  'cash_given_too_low',
  'amount_exceeds_due',
  'counted_cash_required',
] as const;

const known = <C extends string>(list: readonly C[], code: string | undefined): code is C =>
  code !== undefined && (list as readonly string[]).includes(code);

/** A failed request as the cashier reads it, in the terminal's language. */
export function errorText(error: unknown, t: T): string {
  if (error instanceof PublicApiError) {
    if (error.status === 0) return t('terminal.error.network');
    if (known(TERMINAL_ERROR_CODES, error.code)) return t(`terminal.error.${error.code}` as MessageId);
    return t('terminal.error.other', { code: error.code ?? String(error.status) });
  }
  return t('terminal.error.other', { code: 'browser' });
}

/** Why the card was declined, in the terminal's language. */
export const declineText = (error: NonNullable<LastPaymentError>, t: T): string =>
  t(`terminal.decline.${known(DECLINE_CODES, error.code) ? error.code : 'other'}` as MessageId);

/**
 * Why a payment ended as failed, by its `failure_code`: the transaction's `failure_message` is
 * the provider's English and never reaches the cashier.
 */
export const failureText = (code: string | null | undefined, t: T): string =>
  code ? declineText({ code, message: '' }, t) : t('terminal.result.declined');
