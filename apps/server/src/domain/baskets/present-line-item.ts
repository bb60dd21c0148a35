import type { LineItem } from '@scanline/contracts';
import type { lineItems } from '../../db/schema';
import type { PricedLine } from './price-basket';

// Stays in domain/: a create's idempotent answer, stored in its database transaction, carries the lines.
type LineRow = typeof lineItems.$inferSelect;

/** A stored line as the APIs answer it (numeric columns read as strings). */
export function presentLineItem(l: LineRow, refundedQuantity: number): LineItem {
  return {
    id: l.id,
    item_id: l.itemId,
    variant_id: l.variantId,
    name: l.name,
    category: l.category,
    quantity: Number(l.quantity),
    unit_price: l.unitPrice,
    tax_rate: l.taxRate === null ? null : Number(l.taxRate),
    total: l.total,
    tax: l.tax,
    refunded_quantity: refundedQuantity,
  };
}

/** A line just priced, before it is stored (the create's answer). */
export function presentPricedLine(l: PricedLine): LineItem {
  return {
    id: l.id,
    item_id: l.itemId,
    variant_id: l.variantId,
    name: l.name,
    category: l.category,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    tax_rate: l.taxRate,
    total: l.total,
    tax: l.tax,
    refunded_quantity: 0,
  };
}
