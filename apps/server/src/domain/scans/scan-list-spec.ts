import { SCAN_OUTCOMES } from '@scanline/contracts';
import { scans } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/** What `GET …/scans` (and its CSV export) filters and sorts on. */
export const scanListSpec: ListSpec = {
  columns: {
    created_at: { column: scans.createdAt, type: 'date', sortable: true },
    outcome: { column: scans.outcome, type: 'text', values: SCAN_OUTCOMES },
    terminal_id: { column: scans.terminalId, type: 'text' },
    transaction_id: { column: scans.transactionId, type: 'text' },
  },
  id: scans.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
