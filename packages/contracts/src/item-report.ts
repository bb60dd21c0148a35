import { z } from 'zod';

/** The longest range an item report covers, in days. */
export const ITEM_REPORT_MAX_DAYS = 400;

/**
 * `GET /projects/{id}/reports/items` (and `items.csv`): what was sold over calendar days of the
 * project's time zone, inclusive (docs/guide/item-reports.md).
 */
export const itemReportQuerySchema = z.strictObject({
  from: z.iso
    .date()
    .optional()
    .describe("First day (YYYY-MM-DD, project's zone); 29 days before `to` by default."),
  to: z.iso.date().optional().describe("Last day (YYYY-MM-DD, project's zone), included; today by default."),
  terminal_id: z.string().min(1).max(64).optional().describe('Only what this terminal sold.'),
  cashier_id: z.string().min(1).max(64).optional().describe('Only what this cashier sold.'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .describe(
      "Sales in this currency; the project's by default. Amounts are never summed across currencies.",
    ),
  group: z
    .enum(['item', 'category'])
    .optional()
    .describe('`item` (default): one row per item and variant; `category`: one row per category.'),
});
export type ItemReportQuery = z.infer<typeof itemReportQuerySchema>;

export const itemReportFiguresSchema = z.object({
  /** Σ quantity sold (up to three decimals: weights). */
  quantity: z.number().describe('Quantity sold, up to three decimals (weights).'),
  /** Σ quantity given back by refunds by line. */
  refunded_quantity: z.number().describe('Quantity given back by refunds by line.'),
  /** What the lines cost, VAT included (minor units). */
  gross: z.number().describe('What the sold lines cost, VAT included (minor units).'),
  /** What refunds by line gave back (minor units). */
  refunds: z.number().describe('What refunds by line gave back (minor units).'),
  /** gross − refunds. */
  net: z.number().describe('gross − refunds (minor units).'),
  /** VAT included in `net`: the lines' VAT less the VAT their refunds gave back. */
  tax: z
    .number()
    .describe("VAT included in `net`: the lines' VAT less the VAT refunds gave back (minor units)."),
});
export type ItemReportFigures = z.infer<typeof itemReportFiguresSchema>;

export const itemReportRowSchema = itemReportFiguresSchema.extend({
  /** `null`: ad-hoc lines (all of them in one row), or a category row. */
  item_id: z.string().nullable(),
  variant_id: z.string().nullable(),
  /** The newest name the item was sold under in the range (`Flat white (Large)`); null for ad-hoc lines and categories. */
  name: z.string().nullable(),
  /** The variant's name in the catalogue now (`Large`); null without variant. */
  variant_name: z.string().nullable(),
  /** The category the lines were sold in; null: none (and ad-hoc lines). */
  category: z.string().nullable(),
});
export type ItemReportRow = z.infer<typeof itemReportRowSchema>;

export const itemReportSchema = z.object({
  project_id: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  group: z.enum(['item', 'category']),
  /** The rollups trail the raw rows by at most this many seconds. */
  lag_seconds: z.number(),
  /** Biggest `net` first. */
  rows: z.array(itemReportRowSchema),
  totals: itemReportFiguresSchema,
});
export type ItemReport = z.infer<typeof itemReportSchema>;

/** The CSV's columns, in order (amounts in minor units, as the JSON). */
export const ITEM_REPORT_CSV_COLUMNS = [
  'item_id',
  'variant_id',
  'name',
  'variant_name',
  'category',
  'quantity',
  'refunded_quantity',
  'gross',
  'refunds',
  'net',
  'tax',
  'currency',
] as const;
