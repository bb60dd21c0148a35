// Boundary: `transactions/` owns the status machine and every status change (create,
// cancel, expire, record a provider's answer, release, decline) with its history row, outbox event and
// bus hint; it never calls a payment provider. `payments/` charges and refunds, and moves a status only
// through the functions here.
import type { TransactionStatus } from '../../db/schema';

/**
 * 's status machine, as data: from → the statuses it may move to. Every move is
 * made by a guarded UPDATE (`… where status = from`), so two racing writers cannot both win.
 */
export const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  // pending → failed: it expired after a declined card, so it failed rather than lapsed.
  // pending → partially_paid | succeeded: cash at the counter paid part or all of it
  // (docs/guide/tenders.md); a partially paid one never expires, it is paid or canceled.
  pending: ['processing', 'canceled', 'expired', 'failed', 'partially_paid', 'succeeded'],
  // processing → pending: the provider certainly made no charge (it declined the card, or a
  // retrieve under the attempt's idempotency key found none), so the shopper may try again.
  processing: ['succeeded', 'failed', 'requires_action', 'pending'],
  requires_action: ['processing', 'canceled', 'expired'],
  partially_paid: ['succeeded', 'canceled'],
  succeeded: ['partially_refunded', 'refunded'],
  // A refund that had succeeded and then failed at the provider gives its amount back:
  // partially_refunded | refunded → succeeded | partially_refunded.
  partially_refunded: ['partially_refunded', 'refunded', 'succeeded'],
  failed: [],
  canceled: [],
  expired: [],
  refunded: ['partially_refunded', 'succeeded'],
};

export const canTransition = (from: TransactionStatus, to: TransactionStatus) =>
  TRANSITIONS[from].includes(to);

/** Statuses from which `to` can be reached in one step. */
export const sourcesOf = (to: TransactionStatus): TransactionStatus[] =>
  (Object.keys(TRANSITIONS) as TransactionStatus[]).filter((from) => TRANSITIONS[from].includes(to));
