import { sql } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/**
 * What `GET …/items` filters and sorts on. `archived` is a boolean read as `true`/`false`
 * (`archived[equals]=false` is the terminal's view); category compares exactly or by pattern.
 * Only non-null columns sort: position (the default, the terminal's order), name, created_at.
 */
export const itemListSpec: ListSpec = {
  columns: {
    position: { column: items.position, type: 'numeric', sortable: true },
    name: { column: items.name, type: 'text', sortable: true },
    created_at: { column: items.createdAt, type: 'date', sortable: true },
    category: { column: items.category, type: 'text' },
    sku: { column: items.sku, type: 'text' },
    price: { column: items.price, type: 'numeric' },
    archived: { column: sql`(${items.archived})::text`, type: 'text', values: ['true', 'false'] },
  },
  id: items.id,
  defaultSort: { field: 'position', direction: 'asc' },
};
