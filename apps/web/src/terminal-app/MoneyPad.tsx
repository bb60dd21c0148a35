import { AMOUNT_MAX } from '@scanline/contracts/payment-constants';
import { useEffect } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { currencyDigits, formatMoney } from '../lib/money';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '⌫'];

/** The next amount after key `k`: digits fill in from the right as on a till (1, 2, 5 → 1.25). */
export const pressMoneyKey = (minor: number, k: string): number => {
  if (k === '⌫') return Math.floor(minor / 10);
  if (k === 'C') return 0;
  const next = minor * 10 ** k.length + Number(k);
  return next > AMOUNT_MAX ? minor : next;
};

/**
 * An amount typed on a till's keys (the cash handed over, a float, money paid in or out), also
 * from a hardware keyboard when the focus is not in a text field.
 */
export function MoneyPad(props: {
  value: number;
  currency: string;
  onChange: (minor: number) => void;
  /** What the amount is, for screen readers and as the visible caption. */
  label: string;
  testId: string;
}) {
  const { t } = useT();
  const { value, onChange } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement).tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      if (/^\d$/.test(e.key)) onChange(pressMoneyKey(value, e.key));
      else if (e.key === 'Backspace') onChange(pressMoneyKey(value, '⌫'));
      else if (e.key === 'Escape') onChange(0);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [value, onChange]);
  const digits = currencyDigits(props.currency);
  return (
    <div className="term-moneypad">
      <p className="term-moneypad-caption">{props.label}</p>
      <output
        className="term-amount term-moneypad-amount"
        aria-label={props.label}
        data-testid={props.testId}
      >
        {formatMoney(value, props.currency)}
      </output>
      <div className="term-keys">
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="term-key"
            onClick={() => onChange(pressMoneyKey(value, k))}
            aria-label={k === '⌫' ? t('terminal.key.delete') : k}
            disabled={k === '00' && digits === 0 && value === 0}
          >
            {k}
          </button>
        ))}
      </div>
    </div>
  );
}
