import { z } from 'zod';
import { taxRateSchema } from './books';
import { AMOUNT_MAX } from './payment-constants';

// The catalogue: what a project sells (docs/guide/catalogue.md).
const timestamp = z.string();

export const ITEM_LIMITS = {
  name: 120,
  category: 60,
  sku: 64,
  variantName: 60,
  /** Small/large, or a handful of sizes: a menu item, not a product matrix. */
  variants: 30,
  /** A shop's catalogue; the terminal loads it whole. */
  items: 5000,
  /** Data rows of one CSV import (the header not counted). */
  importRows: 5000,
  /** Characters of one CSV import (about 100 bytes per row for importRows). */
  importChars: 1_000_000,
} as const;

/** Minor units; `null` = the price is typed at the counter. Zero is a free item. */
export const itemPriceSchema = z.number().int().min(0).max(AMOUNT_MAX).nullable();

const itemName = z.string().trim().min(1).max(ITEM_LIMITS.name);
const itemCategory = z.string().trim().max(ITEM_LIMITS.category);
const itemSku = z.string().trim().max(ITEM_LIMITS.sku);

export const itemVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int().nullable(),
});
export type ItemVariant = z.infer<typeof itemVariantSchema>;

/** A variant as written: `id` keeps an existing variant (and its sales' link), none makes a new one. */
export const itemVariantInputSchema = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().min(1).max(ITEM_LIMITS.variantName),
  price: itemPriceSchema,
});
export type ItemVariantInput = z.infer<typeof itemVariantInputSchema>;

export const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Free text; `null` = no category. */
  category: z.string().nullable(),
  /** Minor units of the project's currency; `null` when typed at the counter or priced by variants. */
  price: z.number().int().nullable(),
  /** VAT percent included in the price; `null` = the project's `tax_rate`. */
  tax_rate: z.number().nullable(),
  sku: z.string().nullable(),
  /** When not empty, a sale picks one and the variant's price applies (the item's `price` is null). */
  variants: z.array(itemVariantSchema),
  /** Archived items are off the terminal but stay readable for the sales that name them. */
  archived: z.boolean(),
  /** The order on the terminal within a category, smallest first. */
  position: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Item = z.infer<typeof itemSchema>;

// An empty category or SKU is none: a form's cleared input and `null` mean the same (the
// server stores both as null).
const optionalText = (schema: z.ZodString) => schema.nullable().optional();

const variantsInput = z
  .array(itemVariantInputSchema)
  .max(ITEM_LIMITS.variants)
  .refine((vs) => new Set(vs.map((v) => v.name.toLowerCase())).size === vs.length, {
    message: 'Variant names must differ.',
  });

/** An item with variants is priced by its variants: its own `price` must be null (checked by the server). */
export const createItemSchema = z.strictObject({
  name: itemName,
  category: optionalText(itemCategory),
  price: itemPriceSchema.optional(),
  tax_rate: taxRateSchema.nullable().optional(),
  sku: optionalText(itemSku),
  variants: variantsInput.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
});
export type CreateItem = z.infer<typeof createItemSchema>;

/** Every field optional; `archived: false` brings an archived item back. */
export const updateItemSchema = z.strictObject({
  name: itemName.optional(),
  category: optionalText(itemCategory),
  price: itemPriceSchema.optional(),
  tax_rate: taxRateSchema.nullable().optional(),
  sku: optionalText(itemSku),
  variants: variantsInput.optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
  archived: z.boolean().optional(),
});
export type UpdateItem = z.infer<typeof updateItemSchema>;

export const terminalItemsSchema = z.object({ data: z.array(itemSchema) });

// CSV import: `name,category,price,tax_rate,sku,variant`, one row per variant.
export const ITEM_CSV_COLUMNS = ['name', 'category', 'price', 'tax_rate', 'sku', 'variant'] as const;
export type ItemCsvColumn = (typeof ITEM_CSV_COLUMNS)[number];

export const ITEM_IMPORT_MODES = ['preview', 'apply'] as const;
export const itemImportRequestSchema = z.strictObject({
  /** `preview` writes nothing; `apply` writes every item in one transaction, or nothing. */
  mode: z.enum(ITEM_IMPORT_MODES),
  /** The file's text (UTF-8, comma-separated, a header line first). */
  csv: z.string().min(1).max(ITEM_LIMITS.importChars),
});
export type ItemImportRequest = z.infer<typeof itemImportRequestSchema>;

/** Why a CSV row cannot be imported: stable codes a client can translate. */
export const ITEM_IMPORT_ROW_CODES = [
  'required',
  'too_long',
  'invalid_price',
  'invalid_tax_rate',
  'unknown_column',
  'missing_column',
  'duplicate_column',
  'wrong_cell_count',
  'duplicate_variant',
  'mixed_variants',
  'conflicting_value',
  'too_many_variants',
  'too_many_rows',
  'too_many_items',
  'ambiguous_item',
  'unterminated_quote',
] as const;
export type ItemImportRowCode = (typeof ITEM_IMPORT_ROW_CODES)[number];

export const itemImportErrorSchema = z.object({
  /** The line as a spreadsheet numbers it: the header is row 1, the first item row 2. */
  row: z.number().int(),
  /** The column the problem is in; `null` for the whole row. */
  column: z.enum(ITEM_CSV_COLUMNS).nullable(),
  code: z.enum(ITEM_IMPORT_ROW_CODES),
  message: z.string(),
});
export type ItemImportError = z.infer<typeof itemImportErrorSchema>;

export const ITEM_IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;
export const itemImportPlanSchema = z.object({
  action: z.enum(ITEM_IMPORT_ACTIONS),
  /** The existing item an update changes; after `apply`, also the created item's id. */
  item_id: z.string().nullable(),
  /** The CSV rows this item comes from. */
  rows: z.array(z.number().int()),
  name: z.string(),
  category: z.string().nullable(),
  price: z.number().int().nullable(),
  tax_rate: z.number().nullable(),
  sku: z.string().nullable(),
  variants: z.array(z.object({ name: z.string(), price: z.number().int().nullable() })),
});
export type ItemImportPlan = z.infer<typeof itemImportPlanSchema>;

export const itemImportResultSchema = z.object({
  mode: z.enum(ITEM_IMPORT_MODES),
  /** `false` when any row has an error: `apply` then writes nothing (422 `import_invalid`). */
  valid: z.boolean(),
  rows: z.number().int(),
  errors: z.array(itemImportErrorSchema),
  items: z.array(itemImportPlanSchema),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ItemImportResult = z.infer<typeof itemImportResultSchema>;
