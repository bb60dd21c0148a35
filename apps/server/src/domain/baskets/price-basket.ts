import { AMOUNT_MAX, type CreateLineItem } from '@scanline/contracts';
import { lineFigures } from '@scanline/contracts/basket-figures';
import { and, eq, inArray } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';

/** A line as it is sold: everything copied from the item now, so a later edit changes nothing. */
export interface PricedLine {
  id: string;
  itemId: string | null;
  variantId: string | null;
  name: string;
  category: string | null;
  quantity: number;
  unitPrice: number;
  taxRate: number | null;
  total: number;
  tax: number;
}

const field = (index: number, name: string) => `body.line_items.${index}.${name}`;

/**
 * Prices a checkout's basket (docs/guide/baskets.md): reads the project's items the lines name
 * (one query), copies name, category, price and VAT rate onto each line and computes its total
 * and VAT with the shared arithmetic of `@scanline/contracts/basket-figures`. An unknown or
 * archived item or variant is `422 item_unavailable`; an item without a price needs the line's
 * `unit_price` (`422 unit_price_required`).
 */
export async function priceBasket(
  db: Db,
  {
    projectId,
    lines,
    defaultTaxRate,
  }: { projectId: string; lines: readonly CreateLineItem[]; defaultTaxRate: number | null },
): Promise<PricedLine[]> {
  const ids = [...new Set(lines.flatMap((l) => ('item_id' in l ? [l.item_id] : [])))];
  const found =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(items)
          .where(and(eq(items.projectId, projectId), inArray(items.id, ids)));
  const byId = new Map(found.map((i) => [i.id, i]));

  return lines.map((line, index) => {
    if (!('item_id' in line)) {
      const taxRate = line.tax_rate ?? defaultTaxRate;
      return {
        id: newId('li'),
        itemId: null,
        variantId: null,
        name: line.name,
        category: null,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        taxRate,
        ...lineFigures({ quantity: line.quantity, unit_price: line.unit_price, tax_rate: taxRate }),
      };
    }
    const item = byId.get(line.item_id);
    if (!item || item.archived) {
      throw new AppError('item_unavailable', 'This item is not in the catalogue, or it is archived.', [
        { path: field(index, 'item_id'), message: 'Unknown or archived item', code: 'item_unavailable' },
      ]);
    }
    let name = item.name;
    let price = item.price;
    let variantId: string | null = null;
    if (item.variants.length > 0 || line.variant_id !== undefined) {
      const variant = item.variants.find((v) => v.id === line.variant_id);
      if (!variant) {
        throw new AppError(
          'item_unavailable',
          line.variant_id === undefined
            ? 'This item is sold in variants: name one with variant_id.'
            : 'This item has no such variant.',
          [
            {
              path: field(index, 'variant_id'),
              message: 'Name one of the item’s variants',
              code: 'item_unavailable',
            },
          ],
        );
      }
      name = `${item.name} (${variant.name})`;
      price = variant.price;
      variantId = variant.id;
    }
    if (price === null) {
      if (line.unit_price === undefined) {
        throw new AppError(
          'unit_price_required',
          'This item’s price is typed at the counter: send unit_price.',
          [
            {
              path: field(index, 'unit_price'),
              message: 'Required for an item without a price',
              code: 'unit_price_required',
            },
          ],
        );
      }
      price = line.unit_price;
    } else if (line.unit_price !== undefined && line.unit_price !== price) {
      throw new AppError(
        'validation_failed',
        'This item has a price in the catalogue; leave unit_price out.',
        [{ path: field(index, 'unit_price'), message: 'Only for an item without a price' }],
      );
    }
    const taxRate = item.taxRate === null ? defaultTaxRate : Number(item.taxRate);
    return {
      id: newId('li'),
      itemId: item.id,
      variantId,
      name,
      category: item.category,
      quantity: line.quantity,
      unitPrice: price,
      taxRate,
      ...lineFigures({ quantity: line.quantity, unit_price: price, tax_rate: taxRate }),
    };
  });
}

/**
 * The transaction's amount from its lines: their sum. A sent `amount` that differs is
 * `422 amount_mismatch` (the register and the server disagree on the basket).
 */
export function basketAmount(lines: readonly PricedLine[], sent: number | undefined): number {
  const amount = lines.reduce((sum, l) => sum + l.total, 0);
  if (sent !== undefined && sent !== amount) {
    throw new AppError(
      'amount_mismatch',
      `The lines add up to ${amount}, not the amount sent (${sent}); leave amount out or send their sum.`,
      [{ path: 'body.amount', message: `The lines add up to ${amount}`, code: 'amount_mismatch' }],
    );
  }
  if (amount < 1 || amount > AMOUNT_MAX) {
    throw new AppError('validation_failed', 'The lines must add up to an amount above 0.', [
      { path: 'body.line_items', message: `Their sum must be 1–${AMOUNT_MAX}` },
    ]);
  }
  return amount;
}
