import type { ItemVariantInput } from '@scanline/contracts';
import type { StoredVariant } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';

/** A cleared text input and null are the same: no category, no SKU. */
export const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

/**
 * The variants to store: a sent `id` keeps that variant (sales name it), provided it is one of
 * the item's; a variant without one gets a new `var_…` id.
 */
export function variantsToStore(input: ItemVariantInput[], existing: StoredVariant[]): StoredVariant[] {
  const known = new Set(existing.map((v) => v.id));
  return input.map((v, i) => {
    if (v.id !== undefined && !known.has(v.id)) {
      throw new AppError('validation_failed', 'The item is not valid.', [
        {
          path: `body.variants.${i}.id`,
          code: 'invalid',
          message: 'Not a variant of this item; leave id out for a new one.',
        },
      ]);
    }
    return { id: v.id ?? newId('var'), name: v.name, price: v.price };
  });
}

/** An item with variants is priced by them: its own price must be null. */
export function checkPricedByVariants(price: number | null, variants: StoredVariant[]) {
  if (variants.length > 0 && price !== null) {
    throw new AppError('validation_failed', 'The item is not valid.', [
      {
        path: 'body.price',
        code: 'price_with_variants',
        message: 'An item with variants is priced by its variants: send price null.',
      },
    ]);
  }
}

/** Numeric(5,2) as PostgreSQL takes it; null stays null. */
export const taxRateText = (rate: number | null | undefined) =>
  rate === undefined ? undefined : rate === null ? null : rate.toFixed(2);
