import type { CreateLineItem, Item } from '@scanline/contracts';
import { lineTotal } from '@scanline/contracts/basket-figures';

// The basket the web terminal builds before a checkout (docs/guide/baskets.md#on-the-web-terminal).
// Prices here are only shown: the server prices the lines again from the catalogue when the
// checkout is created, with the same arithmetic (`@scanline/contracts/basket-figures`).

export type BasketLine =
  | {
      key: string;
      kind: 'item';
      item_id: string;
      variant_id?: string;
      name: string;
      unit_price: number;
      /** The item has no price: the price was typed at the counter and is sent with the line. */
      typed: boolean;
      quantity: number;
    }
  | { key: string; kind: 'custom'; name: string; unit_price: number; quantity: number };

export const BASKET_LINES_MAX = 200;

/** The line for a catalogue item (and variant), or null when its price must be typed first. */
export function itemLine(item: Item, variantId?: string, typedPrice?: number): BasketLine | null {
  const variant = variantId ? item.variants.find((v) => v.id === variantId) : undefined;
  const price = variant ? variant.price : item.price;
  const unit = price ?? typedPrice;
  if (unit === undefined || unit === null) return null;
  return {
    // Typed prices make their own line: two coffees at different prices are two lines.
    key: `${item.id}/${variantId ?? ''}${price === null ? `/${unit}` : ''}`,
    kind: 'item',
    item_id: item.id,
    ...(variant ? { variant_id: variant.id } : {}),
    name: variant ? `${item.name} (${variant.name})` : item.name,
    unit_price: unit,
    typed: price === null,
    quantity: 1,
  };
}

let customCount = 0;
export const customLine = (name: string, unitPrice: number): BasketLine => ({
  key: `custom/${Date.now()}/${++customCount}`,
  kind: 'custom',
  name,
  unit_price: unitPrice,
  quantity: 1,
});

/** Adds a line, or one more of the same line. */
export function addLine(lines: BasketLine[], line: BasketLine): BasketLine[] {
  const same = lines.find((l) => l.key === line.key);
  if (same) return changeQuantity(lines, line.key, 1);
  return lines.length >= BASKET_LINES_MAX ? lines : [...lines, line];
}

/** +1 or −1 of a line; a line taken down to nothing leaves the basket. */
export function changeQuantity(lines: BasketLine[], key: string, by: 1 | -1): BasketLine[] {
  return lines
    .map((l) => (l.key === key ? { ...l, quantity: Math.min(99_999, l.quantity + by) } : l))
    .filter((l) => l.quantity > 0);
}

export const removeLine = (lines: BasketLine[], key: string) => lines.filter((l) => l.key !== key);

export const lineAmount = (l: BasketLine) => lineTotal(l.quantity, l.unit_price);
export const basketTotal = (lines: readonly BasketLine[]) => lines.reduce((sum, l) => sum + lineAmount(l), 0);
export const basketCount = (lines: readonly BasketLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** The checkout's `line_items`: catalogue lines by id (the server copies name, price and VAT). */
export const toLineItems = (lines: readonly BasketLine[]): CreateLineItem[] =>
  lines.map((l) =>
    l.kind === 'custom'
      ? { name: l.name, unit_price: l.unit_price, quantity: l.quantity }
      : {
          item_id: l.item_id,
          ...(l.variant_id ? { variant_id: l.variant_id } : {}),
          ...(l.typed ? { unit_price: l.unit_price } : {}),
          quantity: l.quantity,
        },
  );

// Favourites are this device's own (a till's quick picks), kept in this browser.
const FAVOURITES_KEY = 'scanline.terminal.favourites';

export function loadFavourites(): Set<string> {
  try {
    const ids = JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function toggleFavourite(favourites: Set<string>, id: string): Set<string> {
  const next = new Set(favourites);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  try {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([...next]));
  } catch {
    // A full or blocked storage keeps the favourites for this visit only.
  }
  return next;
}

/** Items shown for a category chip (`null`: all; `''`: no category) or a search, in catalogue order. */
export function visibleItems(
  items: readonly Item[],
  filter: { category: string | null; favourites: boolean; search: string; favouriteIds: Set<string> },
): Item[] {
  const q = filter.search.trim().toLocaleLowerCase();
  if (q)
    return items.filter(
      (i) => i.name.toLocaleLowerCase().includes(q) || (i.sku ?? '').toLocaleLowerCase().includes(q),
    );
  if (filter.favourites) return items.filter((i) => filter.favouriteIds.has(i.id));
  if (filter.category === null) return [...items];
  return items.filter((i) => (i.category ?? '') === filter.category);
}

/** The categories in the order their first item comes; '' (no category) last. */
export function categoriesOf(items: readonly Item[]): string[] {
  const seen = new Set<string>();
  for (const i of items) seen.add(i.category ?? '');
  const named = [...seen].filter((c) => c !== '');
  return seen.has('') ? [...named, ''] : named;
}
