import { PAYOUT_STATUSES } from '@scanline/contracts';
import { balanceEntries, payouts } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/** What `GET …/payouts` filters and sorts on: newest first, keyset pages. */
export const payoutListSpec: ListSpec = {
  columns: {
    created_at: { column: payouts.createdAt, type: 'date', sortable: true },
    amount: { column: payouts.amount, type: 'numeric', sortable: true },
    status: { column: payouts.status, type: 'text', values: PAYOUT_STATUSES },
    currency: { column: payouts.currency, type: 'text' },
  },
  id: payouts.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

/** A payout's items, oldest first (the order they happened in). */
export const payoutItemListSpec: ListSpec = {
  columns: {
    created_at: { column: balanceEntries.createdAt, type: 'date', sortable: true },
    type: {
      column: balanceEntries.type,
      type: 'text',
      values: ['payment', 'refund', 'refund_reversal', 'adjustment'],
    },
  },
  id: balanceEntries.id,
  defaultSort: { field: 'created_at', direction: 'asc' },
};
