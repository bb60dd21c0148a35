import type { TransactionDetail, TransactionStatus } from '@scanline/contracts';
import { translate } from '../../lib/i18n/current-locale';
import { formatMoney } from '../../lib/money';
import type { MessageId } from '../../messages/keys';
import {
  cardLabel,
  failureReason,
  scanOutcomeLabel,
  statusReason,
  transactionStatusLabel,
} from '../../shared/transactions/status';

export interface TimelineEntry {
  at: string;
  kind: 'status' | 'scan' | 'attempt' | 'refund';
  title: string;
  detail?: string;
  tone: 'good' | 'bad' | 'neutral' | 'info';
}

const REASONS: Record<string, MessageId> = {
  requested_by_customer: 'transactions.reason.requestedByCustomer',
  duplicate: 'transactions.reason.duplicate',
  fraudulent: 'transactions.reason.fraudulent',
  other: 'transactions.reason.other',
};

/**
 * One story of a transaction, oldest first: created, each scan of its code, each payment
 * attempt, each status change (succeeded, failed, expired…) and each refund.
 */
export function buildTimeline(t: TransactionDetail): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const c of t.status_history) {
    const created = c.from === null;
    entries.push({
      at: c.at,
      kind: 'status',
      title: created ? translate('transactions.timeline.created') : transactionStatusLabel(c.status),
      detail: created
        ? translate('transactions.timeline.createdAt', {
            amount: formatMoney(t.amount, t.currency),
            terminal: t.terminal_label ?? t.terminal_id,
          })
        : c.reason
          ? statusReason(c.reason)
          : undefined,
      tone:
        c.status === 'succeeded'
          ? 'good'
          : c.status === 'failed' || c.status === 'expired' || c.status === 'canceled'
            ? 'bad'
            : 'neutral',
    });
  }
  for (const s of t.scans)
    entries.push({
      at: s.created_at,
      kind: 'scan',
      title: translate('transactions.timeline.scanned'),
      detail: [
        scanOutcomeLabel(s.outcome),
        // Why a scan was turned away is the transaction's status then ("paid", "expired").
        s.rejected_reason
          ? transactionStatusLabel(
              (s.rejected_reason === 'paid' ? 'succeeded' : s.rejected_reason) as TransactionStatus,
            )
          : null,
        s.user_agent ? shortAgent(s.user_agent) : null,
      ]
        .filter(Boolean)
        .join(' · '),
      tone: 'info',
    });
  for (const a of t.payment_attempts)
    entries.push({
      at: a.created_at,
      kind: 'attempt',
      title: translate('transactions.timeline.attempt', { status: a.status }),
      detail: [
        cardLabel(a.card_brand, a.card_last4, a.card_wallet) ?? a.payment_method,
        a.failure_code ? `${failureReason(a.failure_code)} (${a.failure_code})` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      tone: a.status === 'succeeded' ? 'good' : a.status === 'failed' ? 'bad' : 'neutral',
    });
  for (const r of t.refunds)
    entries.push({
      at: r.created_at,
      kind: 'refund',
      title: translate('transactions.timeline.refund', {
        amount: formatMoney(r.amount, r.currency),
        status: r.status,
      }),
      detail: r.reason
        ? translate('transactions.timeline.reason', {
            reason: REASONS[r.reason] ? translate(REASONS[r.reason] as MessageId) : r.reason,
          })
        : undefined,
      tone: r.status === 'failed' ? 'bad' : 'neutral',
    });
  // Stable by time; on equal times the list above keeps status → scan → attempt → refund.
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => new Date(a.e.at).getTime() - new Date(b.e.at).getTime() || a.i - b.i)
    .map(({ e }) => e);
}

function shortAgent(ua: string): string {
  const os = /iPhone|iPad|Android|Windows|Mac OS X|Linux/.exec(ua)?.[0];
  const browser = /Edg|Chrome|CriOS|Firefox|Safari/.exec(ua)?.[0];
  return [
    browser === 'CriOS' ? 'Chrome' : browser === 'Edg' ? 'Edge' : browser,
    os === 'Mac OS X' ? 'macOS' : os,
  ]
    .filter(Boolean)
    .join(translate('transactions.timeline.agentOn'));
}
