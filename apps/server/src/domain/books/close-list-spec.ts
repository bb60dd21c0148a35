import { closes } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/** What `GET …/closes` filters and sorts on: newest first, keyset pages. */
export const closeListSpec: ListSpec = {
  columns: {
    created_at: { column: closes.createdAt, type: 'date', sortable: true },
    terminal_id: { column: closes.terminalId, type: 'text' },
  },
  id: closes.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
