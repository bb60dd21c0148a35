import type { Scan, TransactionStatus } from '@scanline/contracts';
import { Tag } from 'primereact/tag';

/** `muted`: a closed state with nothing to act on; the theme has no grey tag, so it is a class. */
type Severity = 'success' | 'warning' | 'info' | 'danger' | 'muted';

const TRANSACTION_STATUS: Record<TransactionStatus, { severity: Severity; label: string }> = {
  pending: { severity: 'info', label: 'Pending' },
  processing: { severity: 'info', label: 'Processing' },
  requires_action: { severity: 'warning', label: 'Requires action' },
  succeeded: { severity: 'success', label: 'Succeeded' },
  failed: { severity: 'danger', label: 'Failed' },
  canceled: { severity: 'muted', label: 'Canceled' },
  expired: { severity: 'muted', label: 'Expired' },
  partially_refunded: { severity: 'warning', label: 'Partially refunded' },
  refunded: { severity: 'muted', label: 'Refunded' },
};

export const transactionStatusLabel = (s: TransactionStatus) => TRANSACTION_STATUS[s]?.label ?? s;
export const transactionStatusOptions = Object.entries(TRANSACTION_STATUS).map(([value, s]) => ({
  value,
  label: s.label,
}));

function StatusTag({ severity, label }: { severity: Severity; label: string }) {
  return severity === 'muted' ? (
    <Tag className="tag-muted" value={label} />
  ) : (
    <Tag severity={severity} value={label} />
  );
}

export function TransactionStatusTag({ status }: { status: TransactionStatus }) {
  const s = TRANSACTION_STATUS[status] ?? { severity: 'info', label: status };
  return <StatusTag {...s} />;
}

const SCAN_OUTCOME: Record<Scan['outcome'], { severity: Severity; label: string }> = {
  opened: { severity: 'info', label: 'Opened' },
  paid: { severity: 'success', label: 'Paid' },
  abandoned: { severity: 'warning', label: 'Abandoned' },
  rejected: { severity: 'danger', label: 'Rejected' },
};

export const scanOutcomeOptions = Object.entries(SCAN_OUTCOME).map(([value, s]) => ({
  value,
  label: s.label,
}));

export function ScanOutcomeTag({ outcome }: { outcome: Scan['outcome'] }) {
  const s = SCAN_OUTCOME[outcome] ?? { severity: 'info', label: outcome };
  return <StatusTag {...s} />;
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** "Visa •••• 4242", or null when no card was used yet. */
export function cardLabel(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  const name = brand ? (BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
  return `${name} •••• ${last4}`;
}
