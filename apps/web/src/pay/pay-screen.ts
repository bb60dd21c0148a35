import type { TransactionStatus } from '@scanline/contracts';
import { DECLINE_CODES } from '@scanline/contracts/payment-constants';
import type { PublicApiError } from '../lib/public-config';
import type { MessageId } from './i18n';

/** What the page says is kept as message ids, so a change of language redraws it in the new one. */
export type Screen =
  | { kind: 'loading' }
  | { kind: 'error'; title: MessageId; message: MessageId }
  | { kind: 'form'; failure?: MessageId }
  | { kind: 'authenticate'; confirmUrl?: string }
  | { kind: 'processing' }
  | { kind: 'done'; status: TransactionStatus; reason?: MessageId; receiptUrl?: string | null }
  /** The code was already paid, expired or canceled when it was opened. */
  | { kind: 'closed'; status: TransactionStatus };

/**
 * Why the last card was declined, and that another may be tried, said once
 *, in the shopper's language: the catalogue's sentence for the code.
 */
export function declinedText(error: { code?: string | null } | null | undefined): MessageId | undefined {
  if (!error) return undefined;
  const code = DECLINE_CODES.find((c) => c === error.code);
  return code ? `decline.${code}` : 'decline.other';
}

/** What a shopper reads for a code that cannot be paid any more. */
export function closedText(status: TransactionStatus): { title: MessageId; message: MessageId } {
  switch (status) {
    case 'succeeded':
    case 'partially_refunded':
    case 'refunded':
      return { title: 'closed.paid.title', message: 'closed.paid.message' };
    case 'expired':
      return { title: 'closed.expired.title', message: 'closed.expired.message' };
    case 'canceled':
      return { title: 'closed.canceled.title', message: 'closed.canceled.message' };
    case 'failed':
      return { title: 'closed.failed.title', message: 'closed.failed.message' };
    default:
      return { title: 'closed.progress.title', message: 'closed.progress.message' };
  }
}

/** A request that failed (not a decline): the catalogue's words for it, never the server's English. */
export function requestFailure(err: PublicApiError): MessageId {
  if (!err.status) return 'error.network';
  if (err.status === 409) return 'error.conflict';
  if (err.status === 429) return 'error.tooMany.message';
  if (err.status >= 500) return 'decline.processing_error';
  return 'decline.other';
}

/** The final screen's words: paid, failed (with why), or as a closed code. */
export function doneText(
  status: TransactionStatus,
  amount: string,
  reason: MessageId | undefined,
): { title: MessageId; message: MessageId; values?: Record<string, string> } {
  if (status === 'succeeded')
    return { title: 'done.succeeded.title', message: 'done.succeeded.message', values: { amount } };
  if (status === 'failed') return { title: 'done.failed.title', message: reason ?? 'decline.card_declined' };
  return closedText(status);
}

/**
 * What the one live region says for a screen (a screen reader hears a region
 * whose text changes, not one that appears with its text).
 */
export function announcementOf(
  screen: Screen,
  amount: string,
  t: (id: MessageId, values?: Record<string, string>) => string,
): string {
  switch (screen.kind) {
    case 'form':
      return screen.failure ? t(screen.failure) : '';
    case 'processing':
      return t('processing');
    case 'authenticate':
      return t('auth.title');
    case 'error':
      return `${t(screen.title)} ${t(screen.message)}`;
    case 'closed': {
      const text = closedText(screen.status);
      return `${t(text.title)} ${t(text.message)}`;
    }
    case 'done': {
      const text = doneText(screen.status, amount, screen.reason);
      return `${t(text.title)} ${t(text.message, text.values)}`;
    }
    default:
      return '';
  }
}
