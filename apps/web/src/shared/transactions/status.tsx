import type { Scan, TransactionStatus } from '@scanline/contracts';
import { brandName, walletName } from '@scanline/contracts/card-names';
import { Tag } from 'primereact/tag';
import { ApiError } from '../../api/api-error';
import { translate } from '../../lib/i18n/current-locale';
import type { MessageId } from '../../messages/keys';

/** `muted`: a closed state with nothing to act on; the theme has no grey tag, so it is a class. */
type Severity = 'success' | 'warning' | 'info' | 'danger' | 'muted';

const TRANSACTION_STATUS: Record<TransactionStatus, { severity: Severity; label: MessageId }> = {
  pending: { severity: 'info', label: 'transactions.status.pending' },
  processing: { severity: 'info', label: 'transactions.status.processing' },
  requires_action: { severity: 'warning', label: 'transactions.status.requiresAction' },
  partially_paid: { severity: 'warning', label: 'transactions.status.partiallyPaid' },
  succeeded: { severity: 'success', label: 'transactions.status.succeeded' },
  failed: { severity: 'danger', label: 'transactions.status.failed' },
  canceled: { severity: 'muted', label: 'transactions.status.canceled' },
  expired: { severity: 'muted', label: 'transactions.status.expired' },
  partially_refunded: { severity: 'warning', label: 'transactions.status.partiallyRefunded' },
  refunded: { severity: 'muted', label: 'transactions.status.refunded' },
};

export const transactionStatusLabel = (s: TransactionStatus) => {
  const label = TRANSACTION_STATUS[s]?.label;
  return label ? translate(label) : s;
};
/** The status filter's choices, in the reader's language (read when the page draws). */
export const transactionStatusOptions = () =>
  Object.entries(TRANSACTION_STATUS).map(([value, s]) => ({ value, label: translate(s.label) }));

function StatusTag({ severity, label }: { severity: Severity; label: string }) {
  return severity === 'muted' ? (
    <Tag className="tag-muted" value={label} />
  ) : (
    <Tag severity={severity} value={label} />
  );
}

export function TransactionStatusTag({ status }: { status: TransactionStatus }) {
  const s = TRANSACTION_STATUS[status];
  return <StatusTag severity={s?.severity ?? 'info'} label={transactionStatusLabel(status)} />;
}

const SCAN_OUTCOME: Record<Scan['outcome'], { severity: Severity; label: MessageId }> = {
  opened: { severity: 'info', label: 'transactions.scan.opened' },
  paid: { severity: 'success', label: 'transactions.scan.paid' },
  abandoned: { severity: 'warning', label: 'transactions.scan.abandoned' },
  rejected: { severity: 'danger', label: 'transactions.scan.rejected' },
};

export const scanOutcomeLabel = (o: Scan['outcome']) => {
  const label = SCAN_OUTCOME[o]?.label;
  return label ? translate(label) : o;
};
export const scanOutcomeOptions = () =>
  Object.entries(SCAN_OUTCOME).map(([value, s]) => ({ value, label: translate(s.label) }));

export function ScanOutcomeTag({ outcome }: { outcome: Scan['outcome'] }) {
  const s = SCAN_OUTCOME[outcome];
  return <StatusTag severity={s?.severity ?? 'info'} label={scanOutcomeLabel(outcome)} />;
}

/** Why a payment failed, by its decline code: the provider's `failure_message` is English. */
export const failureReason = (code: string) => translate('transactions.failureReason', { code });

/** A refund the server refused, by its code: the problem's `detail` is English. */
export function refundFailedText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'refund_exceeds_amount')
    return translate('transactions.refund.exceeded');
  const code = err instanceof ApiError ? (err.code ?? String(err.status)) : 'browser';
  return translate('transactions.refund.failed', { code });
}

/** Why a status changed (`reconciled`, `not_charged`, …) in the reader's words; an unknown one as its code. */
export const statusReason = (reason: string) => translate('transactions.statusReason', { reason });

/** "Visa •••• 4242" ("… · Apple Pay" through a wallet), or null when no card was used yet. */
export function cardLabel(brand: string | null, last4: string | null, wallet?: string | null): string | null {
  if (!last4) return null;
  const name = brandName(brand) ?? translate('transactions.card');
  const through = walletName(wallet);
  return `${name} •••• ${last4}${through ? ` · ${through}` : ''}`;
}
