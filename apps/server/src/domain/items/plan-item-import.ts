import {
  ITEM_CSV_COLUMNS,
  ITEM_LIMITS,
  type ItemCsvColumn,
  type ItemImportError,
  type ItemImportPlan,
  type ItemImportRowCode,
} from '@scanline/contracts';
import type { StoredVariant } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { parseMajorUnits, parseTaxRate, unneutralise } from './csv-values';
import type { ItemRow } from './item-rows';
import { parseCsv } from './parse-csv';

interface ParsedRow {
  row: number;
  name: string;
  category: string | null;
  price: number | null;
  taxRate: number | null;
  sku: string | null;
  variant: string | null;
}

export interface ImportPlan {
  rows: number;
  errors: ItemImportError[];
  items: (ItemImportPlan & { existing: ItemRow | null })[];
}

const MAX_LENGTH: Partial<Record<ItemCsvColumn, number>> = {
  name: ITEM_LIMITS.name,
  category: ITEM_LIMITS.category,
  sku: ITEM_LIMITS.sku,
  variant: ITEM_LIMITS.variantName,
};

/** The file as a whole is not a catalogue CSV (400 `validation_failed`, the reason as the field's code). */
const notACatalogue = (message: string, code: ItemImportRowCode) =>
  new AppError('validation_failed', 'The file is not a catalogue CSV.', [
    { path: 'body.csv', code, message },
  ]);

/** Same name and category, any case: one item. */
export const itemKey = (name: string, category: string | null) =>
  `${name.toLowerCase()}\u0000${(category ?? '').toLowerCase()}`;

/**
 * What a catalogue CSV would do, written nowhere: every row's errors (row, column, code), and
 * per item whether it is created, updated or unchanged. Rows with the same name and category
 * are one item, one row per variant. `existing` is the project's items (archived ones are
 * never matched: an import does not bring them back); `capacity` the items it may still add.
 */
export function planItemImport(
  csv: string,
  { currency, existing, capacity }: { currency: string; existing: ItemRow[]; capacity: number },
): ImportPlan {
  const errors: ItemImportError[] = [];
  const fail = (row: number, column: ItemCsvColumn | null, code: ItemImportRowCode, message: string) =>
    errors.push({ row, column, code, message });
  const parsed = parseCsv(csv);
  if (!parsed.ok)
    throw notACatalogue(`A quoted cell starts in row ${parsed.row} and never ends.`, 'unterminated_quote');
  const [header, ...records] = parsed.records;
  if (!header) throw notACatalogue('The file is empty: the first line names the columns.', 'missing_column');
  // A header that is not this format leaves no row to preview: the file is refused whole.
  const columns: (ItemCsvColumn | null)[] = [];
  for (const raw of header.cells) {
    const name = raw.trim().toLowerCase();
    const known = (ITEM_CSV_COLUMNS as readonly string[]).includes(name) ? (name as ItemCsvColumn) : null;
    if (!known)
      throw notACatalogue(
        `Unknown column "${raw.trim().slice(0, 40)}" in the first line. Columns: ${ITEM_CSV_COLUMNS.join(', ')}.`,
        'unknown_column',
      );
    if (columns.includes(known))
      throw notACatalogue(`The column ${known} appears twice.`, 'duplicate_column');
    columns.push(known);
  }
  if (!columns.includes('name')) throw notACatalogue('The name column is required.', 'missing_column');
  if (records.length > ITEM_LIMITS.importRows) {
    fail(
      records[ITEM_LIMITS.importRows]!.row,
      null,
      'too_many_rows',
      `At most ${ITEM_LIMITS.importRows} rows per file.`,
    );
    return { rows: records.length, errors, items: [] };
  }

  const commaDecimal = parsed.delimiter === ';';
  const rows: ParsedRow[] = [];
  for (const record of records) {
    const before = errors.length;
    if (
      record.cells.length > columns.length &&
      record.cells.slice(columns.length).some((c) => c.trim() !== '')
    ) {
      fail(
        record.row,
        null,
        'wrong_cell_count',
        `${record.cells.length} cells; the header has ${columns.length}.`,
      );
      continue;
    }
    const cell = (column: ItemCsvColumn) => {
      const i = columns.indexOf(column);
      return i < 0 ? '' : unneutralise((record.cells[i] ?? '').trim());
    };
    for (const column of ITEM_CSV_COLUMNS) {
      const max = MAX_LENGTH[column];
      if (max !== undefined && cell(column).length > max)
        fail(record.row, column, 'too_long', `At most ${max} characters.`);
    }
    const name = cell('name');
    if (name === '') fail(record.row, 'name', 'required', 'Every row needs a name.');
    const price = parseMajorUnits(cell('price'), currency, commaDecimal);
    if (price === 'invalid')
      fail(
        record.row,
        'price',
        'invalid_price',
        `"${cell('price')}" is not a price in ${currency} (e.g. 3.50), or empty.`,
      );
    const taxRate = parseTaxRate(cell('tax_rate'), commaDecimal);
    if (taxRate === 'invalid')
      fail(
        record.row,
        'tax_rate',
        'invalid_tax_rate',
        `"${cell('tax_rate')}" is not a rate in percent from 0 to 100 (e.g. 19 or 7.5), or empty.`,
      );
    if (errors.length > before || price === 'invalid' || taxRate === 'invalid') continue;
    rows.push({
      row: record.row,
      name,
      category: cell('category') || null,
      price,
      taxRate,
      sku: cell('sku') || null,
      variant: cell('variant') || null,
    });
  }

  // Rows of one item, in file order.
  const groups = new Map<string, ParsedRow[]>();
  for (const r of rows) {
    const key = itemKey(r.name, r.category);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const existingByKey = new Map<string, ItemRow[]>();
  for (const item of existing) {
    if (item.archived) continue;
    const key = itemKey(item.name, item.category);
    existingByKey.set(key, [...(existingByKey.get(key) ?? []), item]);
  }

  const items: ImportPlan['items'] = [];
  let creates = 0;
  for (const [key, group] of groups) {
    const first = group[0]!;
    const before = errors.length;
    for (const r of group.slice(1)) {
      if (r.taxRate !== first.taxRate)
        fail(r.row, 'tax_rate', 'conflicting_value', `Row ${first.row} gives this item another tax rate.`);
      if (r.sku !== first.sku)
        fail(r.row, 'sku', 'conflicting_value', `Row ${first.row} gives this item another SKU.`);
    }
    const withVariant = group.filter((r) => r.variant !== null);
    if (withVariant.length > 0 && withVariant.length < group.length) {
      for (const r of group)
        if (r.variant === null)
          fail(
            r.row,
            'variant',
            'mixed_variants',
            'Other rows of this item name a variant: name one here too.',
          );
    } else if (withVariant.length === 0 && group.length > 1) {
      for (const r of group.slice(1))
        fail(
          r.row,
          'name',
          'duplicate_variant',
          `Row ${first.row} is already this item; name a variant on each row.`,
        );
    }
    const seen = new Map<string, number>();
    for (const r of withVariant) {
      const v = r.variant!.toLowerCase();
      if (seen.has(v))
        fail(r.row, 'variant', 'duplicate_variant', `Row ${seen.get(v)} already has this variant.`);
      else seen.set(v, r.row);
    }
    if (withVariant.length > ITEM_LIMITS.variants)
      fail(
        withVariant[ITEM_LIMITS.variants]!.row,
        'variant',
        'too_many_variants',
        `At most ${ITEM_LIMITS.variants} variants per item.`,
      );
    const matches = existingByKey.get(key) ?? [];
    if (matches.length > 1)
      fail(
        first.row,
        'name',
        'ambiguous_item',
        `${matches.length} items are already called this in this category; rename one first.`,
      );
    if (errors.length > before) continue;

    const match = matches[0] ?? null;
    const variants = withVariant.map((r) => ({ name: r.variant!, price: r.price }));
    const plan = {
      item_id: match?.id ?? null,
      rows: group.map((r) => r.row),
      name: first.name,
      category: first.category,
      price: variants.length > 0 ? null : first.price,
      tax_rate: first.taxRate,
      sku: first.sku,
      variants,
    };
    if (!match) {
      creates += 1;
      if (creates > capacity)
        fail(first.row, null, 'too_many_items', `A catalogue holds at most ${ITEM_LIMITS.items} items.`);
    }
    items.push({
      ...plan,
      action: !match ? 'create' : sameItem(match, plan) ? 'unchanged' : 'update',
      existing: match,
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: records.length, errors, items };
}

function sameItem(
  row: ItemRow,
  plan: Pick<ItemImportPlan, 'name' | 'category' | 'price' | 'tax_rate' | 'sku' | 'variants'>,
) {
  return (
    row.name === plan.name &&
    row.category === plan.category &&
    row.price === plan.price &&
    (row.taxRate === null ? null : Number(row.taxRate)) === plan.tax_rate &&
    row.sku === plan.sku &&
    row.variants.length === plan.variants.length &&
    row.variants.every((v, i) => v.name === plan.variants[i]!.name && v.price === plan.variants[i]!.price)
  );
}

/** An updated item's variants keep their ids where the name matches (any case): sales name them. */
export function mergeVariants(
  existing: StoredVariant[],
  next: { name: string; price: number | null }[],
  newVariantId: () => string,
) {
  const byName = new Map(existing.map((v) => [v.name.toLowerCase(), v.id]));
  return next.map((v) => ({
    id: byName.get(v.name.toLowerCase()) ?? newVariantId(),
    name: v.name,
    price: v.price,
  }));
}
