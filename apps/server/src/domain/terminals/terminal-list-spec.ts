import { TERMINAL_KINDS, TERMINAL_STATUSES } from '@scanline/contracts';
import { terminals } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/**
 * What `GET …/terminals` filters and sorts on. Only non-null columns sort (keyset paging
 * with NULLs would skip rows): label and created_at; last_seen_at filters but does not sort.
 */
export const terminalListSpec: ListSpec = {
  columns: {
    created_at: { column: terminals.createdAt, type: 'date', sortable: true },
    label: { column: terminals.label, type: 'text', sortable: true, prefixIndex: 'full' },
    status: { column: terminals.status, type: 'text', values: TERMINAL_STATUSES },
    kind: { column: terminals.kind, type: 'text', values: TERMINAL_KINDS },
    location: { column: terminals.location, type: 'text' },
    serial: { column: terminals.serial, type: 'text', prefixIndex: 'full' },
    last_seen_at: { column: terminals.lastSeenAt, type: 'date' },
  },
  id: terminals.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
