import type { Item } from '@scanline/contracts';
import { describe, expect, it } from 'vitest';
import {
  addLine,
  basketCount,
  basketTotal,
  categoriesOf,
  changeQuantity,
  customLine,
  itemLine,
  removeLine,
  toLineItems,
  visibleItems,
} from './basket';

const item = (over: Partial<Item>): Item => ({
  id: 'itm_1',
  name: 'Espresso',
  category: 'Coffee',
  price: 250,
  tax_rate: null,
  sku: null,
  variants: [],
  archived: false,
  position: 0,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('the web terminal basket', () => {
  const espresso = item({});
  const latte = item({
    id: 'itm_2',
    name: 'Latte',
    variants: [
      { id: 'var_s', name: 'Small', price: 300 },
      { id: 'var_l', name: 'Large', price: 380 },
    ],
    price: null,
  });
  const soup = item({ id: 'itm_3', name: 'Soup', category: null, price: null, sku: 'SOUP-1' });

  it('adds the same item as one line, counts, totals, and sends lines by id', () => {
    let lines = addLine([], itemLine(espresso)!);
    lines = addLine(lines, itemLine(espresso)!);
    lines = addLine(lines, itemLine(latte, 'var_l')!);
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Espresso', 2],
      ['Latte (Large)', 1],
    ]);
    lines = addLine(lines, customLine('Custom amount', 199));
    expect(basketCount(lines)).toBe(4);
    expect(basketTotal(lines)).toBe(2 * 250 + 380 + 199);
    expect(toLineItems(lines)).toEqual([
      { item_id: 'itm_1', quantity: 2 },
      { item_id: 'itm_2', variant_id: 'var_l', quantity: 1 },
      { name: 'Custom amount', unit_price: 199, quantity: 1 },
    ]);
  });

  it('+ and − change a line; down to nothing, or removed, it leaves', () => {
    let lines = addLine([], itemLine(espresso)!);
    const key = lines[0]!.key;
    lines = changeQuantity(lines, key, 1);
    expect(lines[0]!.quantity).toBe(2);
    lines = changeQuantity(changeQuantity(lines, key, -1), key, -1);
    expect(lines).toEqual([]);
    lines = removeLine(addLine([], itemLine(espresso)!), key);
    expect(lines).toEqual([]);
  });

  it('an item without a price needs one typed, and sends it', () => {
    expect(itemLine(soup)).toBeNull();
    const line = itemLine(soup, undefined, 550)!;
    expect(toLineItems([line])).toEqual([{ item_id: 'itm_3', unit_price: 550, quantity: 1 }]);
    // Two prices typed are two lines.
    expect(addLine([line], itemLine(soup, undefined, 600)!)).toHaveLength(2);
  });

  it('filters by category, favourites and search (names and SKUs)', () => {
    const items = [espresso, latte, soup];
    expect(categoriesOf(items)).toEqual(['Coffee', '']);
    const f = { category: null, favourites: false, search: '', favouriteIds: new Set(['itm_3']) };
    expect(visibleItems(items, { ...f, category: '' }).map((i) => i.id)).toEqual(['itm_3']);
    expect(visibleItems(items, { ...f, favourites: true }).map((i) => i.id)).toEqual(['itm_3']);
    expect(visibleItems(items, { ...f, category: 'Coffee', search: 'soup-' }).map((i) => i.id)).toEqual([
      'itm_3',
    ]);
    expect(visibleItems(items, { ...f, search: 'LAT' }).map((i) => i.id)).toEqual(['itm_2']);
  });
});
