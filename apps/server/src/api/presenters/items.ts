import type { Item } from '@scanline/contracts';
import type { ItemRow } from '../../domain/items/item-rows';

/** `tax_rate` is numeric in SQL (exact), a number in JSON. */
export const presentItem = (row: ItemRow): Item => ({
  id: row.id,
  name: row.name,
  category: row.category,
  price: row.price,
  tax_rate: row.taxRate === null ? null : Number(row.taxRate),
  sku: row.sku,
  variants: row.variants.map((v) => ({ id: v.id, name: v.name, price: v.price })),
  archived: row.archived,
  position: row.position,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
