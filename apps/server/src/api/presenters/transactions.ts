import type { TransactionDetail } from '@scanline/contracts';
import {
  presentRefund,
  presentScan,
  presentTender,
  presentTransaction,
} from '../../domain/presenters/payments';
import type { TransactionDetailRows } from '../../domain/transactions/get-transaction';

/** `GET …/transactions/{transaction_id}`: every field, the status history, attempts, scans, refunds and tenders. */
export function presentTransactionDetail(d: TransactionDetailRows): TransactionDetail {
  return {
    ...presentTransaction(d.view.txn, d.view.label),
    status_history: d.history.map((h) => ({
      from: h.fromStatus,
      status: h.toStatus,
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
    payment_attempts: d.attempts.map((a) => ({
      id: a.id,
      status: a.status,
      payment_method: a.paymentMethod,
      card_brand: a.cardBrand,
      card_last4: a.cardLast4,
      card_wallet: a.cardWallet,
      failure_code: a.failureCode,
      failure_message: a.failureMessage,
      created_at: a.createdAt.toISOString(),
    })),
    scans: d.scans.map((s) => presentScan(s, d.view.label)),
    refunds: d.refunds.map(presentRefund),
    tenders: d.tenders.map((r) => presentTender(r, d.view.txn.currency)),
    line_items: d.lineItems,
  };
}
