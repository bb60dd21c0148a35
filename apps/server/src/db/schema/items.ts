import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { projects } from './workspace';

/** A variant as stored: its id (`var_…`) stays when the item is edited, so sales can name it. */
export interface StoredVariant {
  id: string;
  name: string;
  /** Minor units; null = typed at the counter. */
  price: number | null;
}

/**
 * What a project sells (docs/guide/catalogue.md). Items are archived, never deleted: sales
 * name them. Variants are a jsonb array on the item rather than a child table: they are
 * always read and written with their item (the terminal loads the catalogue whole, an edit
 * replaces the list), a sale copies the variant's name and price onto its line, so nothing
 * joins or counts them on their own, and a small ordered list in one row keeps an edit one
 * UPDATE and the list's keyset pages one table.
 */
export const items = pgTable(
  'items',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Free text; null = none. */
    category: text(),
    /** Minor units of the project's currency; null = typed at the counter, or priced by variants. */
    price: bigint({ mode: 'number' }),
    /** VAT percent included in the price; null = the project's rate. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    sku: text(),
    variants: jsonb().$type<StoredVariant[]>().notNull().default([]),
    archived: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The console's and the terminal's order (position, then id), and the newest-first sort.
    index('items_project_position_idx').on(t.projectId, t.position, t.id),
    index('items_project_created_idx').on(t.projectId, t.createdAt, t.id),
  ],
);
