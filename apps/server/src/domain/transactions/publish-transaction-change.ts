import { BUS_CHANNELS, type Bus } from '../../platform/bus';
import type { TransactionRow } from './transition-transaction';

/**
 * Tells every replica that a transaction changed, after its database transaction committed:
 * SSE streams (the transaction's own, the terminal's device stream) and live tables re-read the
 * row. A failed NOTIFY never fails the committed change: streams also poll as a safety net.
 */
export const publishTransactionChange = (
  bus: Bus,
  row: Pick<TransactionRow, 'projectId' | 'id' | 'status' | 'terminalId'>,
) =>
  bus
    .publish(BUS_CHANNELS.transactions, {
      project_id: row.projectId,
      id: row.id,
      status: row.status,
      terminal_id: row.terminalId,
    })
    .catch(() => {});
