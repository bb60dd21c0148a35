import { TRANSACTION_STATUSES } from '@scanline/contracts';
import { transactions } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/**
 * What `GET …/transactions` (and its CSV export) filters and sorts on: the brief's
 * match modes per column type, newest first by default. Each sortable column has a
 * `(project_id, column, id)` index or is served by one of the (project_id, …, created_at) ones.
 */
export const transactionListSpec: ListSpec = {
  columns: {
    created_at: { column: transactions.createdAt, type: 'date', sortable: true },
    amount: { column: transactions.amount, type: 'numeric', sortable: true },
    status: { column: transactions.status, type: 'text', values: TRANSACTION_STATUSES },
    currency: { column: transactions.currency, type: 'text' },
    terminal_id: { column: transactions.terminalId, type: 'text' },
    // `startsWith` reads transactions_project_reference_search_idx (the search's index).
    reference: { column: transactions.reference, type: 'text', prefixIndex: 'partial' },
    card_last4: { column: transactions.cardLast4, type: 'text' },
    card_brand: { column: transactions.cardBrand, type: 'text' },
    amount_refunded: { column: transactions.amountRefunded, type: 'numeric' },
    // Who sold it (`cashier_id[equals]=stf_…`, index transactions_project_cashier_idx), and the tip.
    cashier_id: { column: transactions.cashierId, type: 'text' },
    tip_amount: { column: transactions.tipAmount, type: 'numeric' },
  },
  id: transactions.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
