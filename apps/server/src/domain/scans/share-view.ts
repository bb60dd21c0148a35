import { amountDueOf } from '../transactions/amount-paid';
import type { TenderRow } from '../transactions/record-tender-outcome';
import type { TransactionRow } from '../transactions/transition-transaction';

const SHARE_STATUS: Record<TenderRow['status'], TransactionRow['status']> = {
  pending: 'pending',
  processing: 'processing',
  succeeded: 'succeeded',
  refunded: 'refunded',
  canceled: 'canceled',
  failed: 'failed',
};

/**
 * What a shopper's pay page shows of a checkout paid in parts (docs/guide/tenders.md#card-tenders):
 * a card share's code shows that share (its amount, its tip, its status while the checkout is open);
 * the checkout's own code, once part is paid, shows what is left due. Otherwise the checkout as it is.
 */
export function shareView(txn: TransactionRow, tender: TenderRow | null): TransactionRow {
  if (tender) {
    const open = txn.status === 'pending' || txn.status === 'partially_paid';
    return {
      ...txn,
      amount: tender.amount,
      tipAmount: tender.tipAmount,
      status: tender.status === 'pending' && !open ? txn.status : SHARE_STATUS[tender.status],
      failureCode: null,
      failureMessage: null,
    };
  }
  if (txn.status === 'partially_paid')
    return { ...txn, status: 'pending', amount: amountDueOf(txn), tipAmount: 0 };
  return txn;
}
