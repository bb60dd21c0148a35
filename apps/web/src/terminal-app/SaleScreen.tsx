import type { Item } from '@scanline/contracts';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { currencyDigits, formatMoney } from '../lib/money';
import { Basket } from './Basket';
import {
  addLine,
  type BasketLine,
  basketCount,
  basketTotal,
  changeQuantity,
  customLine,
  itemLine,
  loadFavourites,
  removeLine,
  toggleFavourite,
  toLineItems,
} from './basket';
import { createTransaction, getItems, isCashierRequired, isUnauthorized } from './device';
import { errorText } from './error-text';
import { ItemGrid } from './ItemGrid';
import { Keypad } from './Keypad';
import { MoneyPad } from './MoneyPad';

/** Above this many whole units the terminal asks before charging (as the keypad does). */
const CONFIRM_ABOVE_UNITS = 10_000;

// The catalogue of the last device that loaded it: back from a payment, the grid paints at once
// and is refreshed behind it.
let cached: { token: string; items: Item[] } | null = null;

type Props = Parameters<typeof Keypad>[0];

/**
 * The idle screen: with a catalogue, items by category into a basket, charged as the checkout's
 * `line_items` (docs/guide/baskets.md#on-the-web-terminal); without one (or until it loads), the
 * amount keypad as before.
 */
export function SaleScreen(props: Props) {
  const { device } = props;
  const [items, setItems] = useState<Item[] | null>(() =>
    cached?.token === device.token ? cached.items : null,
  );
  const { onRevoked } = props;
  useEffect(() => {
    let gone = false;
    getItems(device).then(
      (answer) => {
        cached = { token: device.token, items: answer.data };
        if (!gone) setItems(answer.data);
      },
      (e) => {
        if (!gone && isUnauthorized(e)) onRevoked();
        // Otherwise the keypad stays: a sale by amount always works.
      },
    );
    return () => {
      gone = true;
    };
  }, [device, onRevoked]);
  if (!items || items.length === 0) return <Keypad {...props} />;
  return <BasketSale {...props} items={items} />;
}

function BasketSale(props: Props & { items: Item[] }) {
  const { t } = useT();
  const currency = props.me?.project.currency ?? 'USD';
  const [lines, setLines] = useState<BasketLine[]>([]);
  const [favourites, setFavourites] = useState(loadFavourites);
  // The keypad open for an ad-hoc line, or for the price of an item sold without one.
  const [pad, setPad] = useState<{ item: Item; variantId?: string } | 'custom' | null>(null);
  const [typed, setTyped] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per intended charge: a retry after a network error cannot charge twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const change = (next: BasketLine[]) => {
    setLines(next);
    setError(null);
    setIdempotencyKey(crypto.randomUUID());
  };
  const pick = (item: Item, variantId?: string) => {
    const line = itemLine(item, variantId);
    if (line) change(addLine(lines, line));
    else {
      setTyped(0);
      setPad({ item, ...(variantId ? { variantId } : {}) });
    }
  };
  const addTyped = () => {
    const line =
      pad === 'custom'
        ? customLine(t('terminal.basket.customLine'), typed)
        : pad && itemLine(pad.item, pad.variantId, typed);
    if (line) change(addLine(lines, line));
    setPad(null);
    setTyped(0);
  };

  // A hardware keyboard: a digit typed over the grid opens the keypad with it, Enter adds the
  // typed line (the keypad itself takes further digits, Backspace and Escape).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement).tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      if (!pad && /^[1-9]$/.test(e.key)) {
        setTyped(Number(e.key));
        setPad('custom');
        // Enter on a focused button presses that button: only elsewhere does it add the line.
      } else if (pad && e.key === 'Enter' && tag !== 'BUTTON' && typed > 0) addTyped();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // The phone's bar says the total only while the basket's own total is out of sight.
  const [totalInSight, setTotalInSight] = useState(false);
  useEffect(() => {
    const target = document.querySelector('[data-testid=basket-total]');
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setTotalInSight(entry?.isIntersecting === true));
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  const total = basketTotal(lines);
  const charge = async () => {
    const big = total > CONFIRM_ABOVE_UNITS * 10 ** currencyDigits(currency);
    if (big && !window.confirm(t('terminal.keypad.confirmLarge', { amount: formatMoney(total, currency) })))
      return;
    setBusy(true);
    setError(null);
    try {
      const created = await createTransaction(
        props.device,
        { line_items: toLineItems(lines) },
        idempotencyKey,
      );
      props.onCreated(created.id);
    } catch (e) {
      if (isUnauthorized(e)) props.onRevoked();
      else if (isCashierRequired(e)) props.onCashierRequired?.();
      else setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  const padTitle =
    pad === 'custom'
      ? t('terminal.basket.customLine')
      : pad
        ? t('terminal.basket.priceOf', { name: pad.item.name })
        : '';
  return (
    <div className="term-sale">
      <p className="term-idle term-sale-idle" role="status" data-testid="terminal-idle">
        {props.notice ?? (props.waiting ? t('terminal.basket.waiting') : t('terminal.keypad.reconnecting'))}
      </p>
      {pad ? (
        <section className="term-grid-panel term-custom" aria-label={padTitle} data-testid="custom-pad">
          <MoneyPad
            value={typed}
            currency={currency}
            onChange={setTyped}
            label={padTitle}
            testId="custom-amount"
          />
          <div className="term-actions">
            <button type="button" className="term-secondary" onClick={() => setPad(null)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="term-primary" onClick={addTyped} disabled={typed === 0}>
              {t('terminal.basket.add', { amount: formatMoney(typed, currency) })}
            </button>
          </div>
        </section>
      ) : (
        <ItemGrid
          items={props.items}
          currency={currency}
          favourites={favourites}
          onToggleFavourite={(id) => setFavourites((f) => toggleFavourite(f, id))}
          onPick={pick}
          onCustom={() => {
            setTyped(0);
            setPad('custom');
          }}
        />
      )}
      <Basket
        lines={lines}
        currency={currency}
        busy={busy}
        error={error}
        onChange={(key, by) => change(changeQuantity(lines, key, by))}
        onRemove={(key) => change(removeLine(lines, key))}
        onClear={() => change([])}
        onCharge={charge}
      />
      {/* On a phone the basket is below the grid: this bar keeps its total in sight. */}
      {lines.length > 0 && !totalInSight && (
        <a className="term-basket-bar" href="#basket-title">
          <span>{t('terminal.basket.count', { n: basketCount(lines) })}</span>
          <strong>{formatMoney(total, currency)}</strong>
        </a>
      )}
    </div>
  );
}
