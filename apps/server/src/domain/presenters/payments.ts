import type { LineItem, Scan, Tender, Terminal, TerminalTransaction, Transaction } from '@scanline/contracts';
import type { refunds, scans, tenders, terminals, transactions } from '../../db/schema';
import { rateOf } from '../books/vat';
import { figuresOf } from '../receipts/receipt-facts';
import { amountDueOf, amountPaidOf } from '../transactions/amount-paid';
import { transactionNet } from '../transactions/transaction-net';

// The payment core's presenters. They live under domain/ (not api/) because an outbox
// event's `data` is the object exactly as the main API presents it, and events are written
// by domain code inside the change's database transaction.

type TerminalRow = typeof terminals.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;
type ScanRow = typeof scans.$inferSelect;
type TenderRow = typeof tenders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentTerminal(t: TerminalRow): Terminal {
  return {
    id: t.id,
    label: t.label,
    kind: t.kind,
    location: t.location,
    serial: t.serial,
    status: t.status,
    last_seen_at: iso(t.lastSeenAt),
    app_version: t.appVersion,
    device_model: t.deviceModel,
    battery: t.battery,
    network: t.network,
    paired_at: iso(t.pairedAt),
    created_at: t.createdAt.toISOString(),
  };
}

/** `PUBLIC_URL/pay/{token}`: what the terminal's QR code encodes. */
export const paymentUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/** The last declined card's reason: kept while pending again, cleared by a success. */
export const lastPaymentError = (t: Pick<TransactionRow, 'failureCode' | 'failureMessage'>) =>
  t.failureCode ? { code: t.failureCode, message: t.failureMessage ?? t.failureCode } : null;

/** The tip, what was charged, and who sold it. */
const counterFields = (t: TransactionRow) => ({
  tip_amount: t.tipAmount - t.tipRefunded,
  tip_refunded: t.tipRefunded,
  amount_total: t.amount + t.tipAmount,
  amount_paid: amountPaidOf(t),
  amount_due: amountDueOf(t),
  cashier_id: t.cashierId,
  cashier_name: t.cashierName,
});

export function presentTransaction(t: TransactionRow, terminalLabel: string | null): Transaction {
  return {
    id: t.id,
    status: t.status,
    source: t.source,
    amount: t.amount,
    currency: t.currency,
    ...counterFields(t),
    amount_refunded: t.amountRefunded,
    reference: t.reference,
    metadata: t.metadata ?? null,
    terminal_id: t.terminalId,
    terminal_label: terminalLabel,
    provider: t.provider,
    provider_reference: t.providerReference,
    card_brand: t.cardBrand,
    card_last4: t.cardLast4,
    card_wallet: t.cardWallet ?? null,
    failure_code: t.failureCode,
    failure_message: t.failureMessage,
    last_payment_error: lastPaymentError(t),
    receipt_url: t.receiptUrl,
    tax_rate: rateOf(t.taxRate),
    tax_included: figuresOf(t).vat?.amount ?? null,
    fee: t.fee ?? null,
    net: transactionNet(t),
    payout_id: t.payoutId ?? null,
    expires_at: t.expiresAt.toISOString(),
    succeeded_at: iso(t.succeededAt),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** The terminal API's view: what a device needs to show the code and the result. */
export function presentTerminalTransaction(
  t: TransactionRow,
  publicUrl: string,
  /** Its basket when it has one (docs/guide/baskets.md); left out otherwise. */
  lineItems?: LineItem[],
): TerminalTransaction {
  return {
    id: t.id,
    status: t.status,
    source: t.source,
    amount: t.amount,
    currency: t.currency,
    ...counterFields(t),
    reference: t.reference,
    metadata: t.metadata ?? null,
    terminal_id: t.terminalId,
    payment_url: paymentUrl(publicUrl, t.paymentToken),
    card_brand: t.cardBrand,
    card_last4: t.cardLast4,
    card_wallet: t.cardWallet ?? null,
    failure_code: t.failureCode,
    failure_message: t.failureMessage,
    last_payment_error: lastPaymentError(t),
    receipt_url: t.receiptUrl,
    ...(lineItems && lineItems.length > 0 ? { line_items: lineItems } : {}),
    expires_at: t.expiresAt.toISOString(),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export function presentScan(s: ScanRow, terminalLabel: string | null): Scan {
  return {
    id: s.id,
    transaction_id: s.transactionId,
    terminal_id: s.terminalId,
    terminal_label: terminalLabel,
    outcome: s.outcome,
    rejected_reason: s.rejectedReason,
    user_agent: s.userAgent,
    app_version: s.appVersion,
    paid_at: iso(s.paidAt),
    created_at: s.createdAt.toISOString(),
  };
}

/** One payment towards a transaction (docs/guide/tenders.md); a cash tender has no payment page. */
export function presentTender(t: TenderRow, currency: string, publicUrl?: string): Tender {
  return {
    id: t.id,
    transaction_id: t.transactionId,
    method: t.method,
    amount: t.amount,
    tip_amount: t.tipAmount,
    currency,
    status: t.status,
    card_brand: t.cardBrand,
    card_last4: t.cardLast4,
    card_wallet: t.cardWallet ?? null,
    cash_given: t.cashGiven,
    change: t.change,
    // Its own payment page while it can still be paid (docs/guide/tenders.md#card-tenders).
    payment_url:
      publicUrl && t.paymentToken && t.status === 'pending' ? paymentUrl(publicUrl, t.paymentToken) : null,
    cashier_id: t.cashierId,
    succeeded_at: iso(t.succeededAt),
    created_at: t.createdAt.toISOString(),
  };
}

export function presentRefund(r: typeof refunds.$inferSelect) {
  return {
    id: r.id,
    transaction_id: r.transactionId,
    amount: r.amount,
    tip_amount: r.tipAmount,
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
}
