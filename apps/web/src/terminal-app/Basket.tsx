import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { type BasketLine, basketCount, basketTotal, lineAmount } from './basket';

/** The basket being sold: each line with − / + and remove, the running total, and Charge. */
export function Basket(props: {
  lines: BasketLine[];
  currency: string;
  busy: boolean;
  error: string | null;
  onChange: (key: string, by: 1 | -1) => void;
  onRemove: (key: string) => void;
  onClear: () => void;
  onCharge: () => void;
}) {
  const { t } = useT();
  const { lines, currency } = props;
  const total = formatMoney(basketTotal(lines), currency);
  const count = basketCount(lines);
  return (
    <section className="term-basket" aria-labelledby="basket-title" data-testid="basket">
      <h2 id="basket-title" className="term-basket-title">
        {t('terminal.basket.title')}{' '}
        <span className="term-muted" data-testid="basket-count">
          {t('terminal.basket.count', { n: count })}
        </span>
      </h2>
      {lines.length === 0 ? (
        <p className="term-muted">{t('terminal.basket.empty')}</p>
      ) : (
        <ul className="term-lines">
          {lines.map((l) => (
            <li key={l.key} className="term-line" data-testid="basket-line">
              <span className="term-line-name">
                {l.name}
                <span className="term-muted term-line-unit">{formatMoney(l.unit_price, currency)}</span>
              </span>
              <span className="term-qty">
                <button
                  type="button"
                  className="term-qty-button"
                  aria-label={t('terminal.basket.less', { name: l.name })}
                  onClick={() => props.onChange(l.key, -1)}
                >
                  −
                </button>
                <output className="term-qty-value" data-testid="basket-quantity">
                  {l.quantity}
                </output>
                <button
                  type="button"
                  className="term-qty-button"
                  aria-label={t('terminal.basket.more', { name: l.name })}
                  onClick={() => props.onChange(l.key, 1)}
                >
                  +
                </button>
              </span>
              <span className="term-line-total" data-testid="basket-line-total">
                {formatMoney(lineAmount(l), currency)}
              </span>
              <button
                type="button"
                className="term-line-remove"
                aria-label={t('terminal.basket.remove', { name: l.name })}
                onClick={() => props.onRemove(l.key)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="term-basket-total">
        <span>{t('terminal.basket.total')}</span>
        <output aria-live="polite" data-testid="basket-total">
          {total}
        </output>
      </p>
      {props.error && (
        <p className="term-error" role="alert">
          {props.error}
        </p>
      )}
      <div className="term-actions">
        <button
          type="button"
          className="term-secondary"
          onClick={props.onClear}
          disabled={lines.length === 0}
        >
          {t('terminal.key.clear')}
        </button>
        <button
          type="button"
          className="term-primary"
          onClick={props.onCharge}
          disabled={props.busy || lines.length === 0}
          data-testid="basket-charge"
        >
          {props.busy ? t('terminal.keypad.creating') : t('terminal.keypad.charge', { amount: total })}
        </button>
      </div>
    </section>
  );
}
