import type { Item } from '@scanline/contracts';
import { useMemo, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { categoriesOf, visibleItems } from './basket';

/**
 * The catalogue as tiles: chips for all items, the device's favourites and each category, a
 * search over names and SKUs, a star on each tile. An item with variants opens its variants.
 */
export function ItemGrid(props: {
  items: Item[];
  currency: string;
  favourites: Set<string>;
  onToggleFavourite: (id: string) => void;
  /** An item (and variant) was picked. */
  onPick: (item: Item, variantId?: string) => void;
  /** The "custom amount" chip: the keypad for an ad-hoc line. */
  onCustom: () => void;
}) {
  const { t } = useT();
  const { items, currency, favourites } = props;
  const categories = useMemo(() => categoriesOf(items), [items]);
  // Start on the favourites when this device has some.
  const [chip, setChip] = useState<{ favourites: boolean; category: string | null }>(() => ({
    favourites: items.some((i) => favourites.has(i.id)),
    category: null,
  }));
  const [search, setSearch] = useState('');
  const [variantsOf, setVariantsOf] = useState<Item | null>(null);
  const shown = visibleItems(items, { ...chip, search, favouriteIds: favourites });

  const chipButton = (key: string, label: string, on: boolean, select: () => void) => (
    <button
      key={key}
      type="button"
      className={`term-chip${on ? ' term-chip-on' : ''}`}
      aria-pressed={on}
      onClick={() => {
        setSearch('');
        setVariantsOf(null);
        select();
      }}
    >
      {label}
    </button>
  );

  const priceText = (item: Item) => {
    if (item.variants.length > 0) {
      const prices = item.variants.map((v) => v.price).filter((p): p is number => p !== null);
      return prices.length > 0
        ? t('terminal.items.from', { price: formatMoney(Math.min(...prices), currency) })
        : t('terminal.items.variants', { n: item.variants.length });
    }
    return item.price === null ? t('terminal.items.typePrice') : formatMoney(item.price, currency);
  };

  return (
    <section className="term-grid-panel" aria-label={t('terminal.items.label')} data-testid="item-grid">
      <div className="term-grid-tools">
        <label className="sr-only" htmlFor="item-search">
          {t('terminal.items.search')}
        </label>
        <input
          id="item-search"
          type="search"
          className="term-search"
          value={search}
          placeholder={t('terminal.items.search')}
          onChange={(e) => {
            setVariantsOf(null);
            setSearch(e.target.value);
          }}
          autoComplete="off"
        />
      </div>
      <fieldset className="term-chips">
        <legend className="sr-only">{t('terminal.items.categories')}</legend>
        {chipButton(
          'all',
          t('terminal.items.all'),
          !search && !chip.favourites && chip.category === null,
          () => setChip({ favourites: false, category: null }),
        )}
        {chipButton('fav', `★ ${t('terminal.items.favourites')}`, !search && chip.favourites, () =>
          setChip({ favourites: true, category: null }),
        )}
        {categories.map((c) =>
          chipButton(
            `c-${c}`,
            c || t('terminal.items.other'),
            !search && !chip.favourites && chip.category === c,
            () => setChip({ favourites: false, category: c }),
          ),
        )}
        <button type="button" className="term-chip term-chip-custom" onClick={props.onCustom}>
          {t('terminal.items.custom')}
        </button>
      </fieldset>
      {variantsOf ? (
        <div className="term-variants" data-testid="item-variants">
          <p className="term-variants-title">{variantsOf.name}</p>
          <div className="term-tiles">
            {variantsOf.variants.map((v) => (
              <button
                key={v.id}
                type="button"
                className="term-tile"
                onClick={() => {
                  props.onPick(variantsOf, v.id);
                  setVariantsOf(null);
                }}
              >
                <span className="term-tile-name">{v.name}</span>
                <span className="term-tile-price">
                  {v.price === null ? t('terminal.items.typePrice') : formatMoney(v.price, currency)}
                </span>
              </button>
            ))}
          </div>
          <button type="button" className="term-link" onClick={() => setVariantsOf(null)}>
            {t('terminal.items.backToItems')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <p className="term-muted term-grid-empty">
          {search
            ? t('terminal.items.noMatch')
            : chip.favourites
              ? t('terminal.items.noFavourites')
              : t('terminal.items.none')}
        </p>
      ) : (
        <ul className="term-tiles">
          {shown.map((item) => {
            const favourite = favourites.has(item.id);
            return (
              <li key={item.id} className="term-tile-cell">
                <button
                  type="button"
                  className="term-tile"
                  data-testid="item-tile"
                  onClick={() => (item.variants.length > 0 ? setVariantsOf(item) : props.onPick(item))}
                >
                  <span className="term-tile-name">{item.name}</span>
                  <span className="term-tile-price">{priceText(item)}</span>
                </button>
                <button
                  type="button"
                  className={`term-star${favourite ? ' term-star-on' : ''}`}
                  aria-pressed={favourite}
                  aria-label={t('terminal.items.favourite', { name: item.name })}
                  onClick={() => props.onToggleFavourite(item.id)}
                >
                  {favourite ? '★' : '☆'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
