import type { ShopperScan } from '@scanline/contracts';
import { useState } from 'react';
import { currencyDigits, toMinorUnits } from '../lib/money';
import { westernDigits } from './digits';
import { useT } from './i18n';

type Tipping = NonNullable<ShopperScan['tipping']>;

/**
 * "No tip", the merchant's three choices with the amount each adds, and "Custom"
 * when allowed, shown before the card form. The choice is reported in minor units; the
 * percentages were rounded half up by the server, so the page shows exactly what is charged.
 */
export function TipPicker({
  tipping,
  currency,
  tip,
  onChange,
}: {
  tipping: Tipping;
  currency: string;
  tip: number;
  onChange: (tip: number) => void;
}) {
  const [custom, setCustom] = useState<string | null>(null);
  // Kept as which error, not its words: a change of language redraws it in the new one.
  const [error, setError] = useState<'invalid' | 'tooHigh' | null>(null);
  const { t, money: format, intlLocale } = useT();
  const money = (minor: number) => format(minor, currency);
  // "2.50", "2,50" or "250" as the shopper's language writes it (both separators are read).
  const digits = currencyDigits(currency);
  const placeholder = new Intl.NumberFormat(intlLocale, {
    minimumFractionDigits: digits,
    useGrouping: false,
  }).format(digits > 0 ? 2.5 : 250);
  const errorText =
    error === 'invalid'
      ? t('tip.error.invalid', { example: placeholder })
      : error === 'tooHigh'
        ? t('tip.error.tooHigh', { max: money(tipping.max_amount) })
        : null;
  const choose = (amount: number) => {
    setCustom(null);
    setError(null);
    onChange(amount);
  };
  const onCustom = (value: string) => {
    setCustom(value);
    if (value.trim() === '') {
      setError(null);
      onChange(0);
      return;
    }
    const minor = toMinorUnits(value, currency);
    if (minor === null || minor < 0) setError('invalid');
    else if (minor > tipping.max_amount) setError('tooHigh');
    else {
      setError(null);
      onChange(minor);
    }
  };
  const pressed = (amount: number) => custom === null && tip === amount;
  return (
    <fieldset className="pay-tips">
      <legend>{t('tip.legend')}</legend>
      <div className="pay-tip-grid">
        <button type="button" className="pay-tip" aria-pressed={pressed(0)} onClick={() => choose(0)}>
          <span className="pay-tip-label">{t('tip.none')}</span>
        </button>
        {tipping.choices.map((c) => (
          <button
            key={`${c.kind}-${c.percent ?? c.amount}`}
            type="button"
            className="pay-tip"
            aria-pressed={pressed(c.amount)}
            onClick={() => choose(c.amount)}
          >
            <span className="pay-tip-label">
              {c.kind === 'percent' ? t('tip.percent', { percent: (c.percent ?? 0) / 100 }) : money(c.amount)}
            </span>
            <span className="pay-tip-adds">{t('tip.adds', { amount: money(c.amount) })}</span>
          </button>
        ))}
        {tipping.allow_custom && (
          <button
            type="button"
            className="pay-tip"
            aria-pressed={custom !== null}
            onClick={() => {
              setCustom('');
              onChange(0);
            }}
          >
            <span className="pay-tip-label">{t('tip.custom')}</span>
          </button>
        )}
      </div>
      {custom !== null && (
        <div className="pay-field">
          <label htmlFor="tip-custom">{t('tip.customLabel')}</label>
          <input
            id="tip-custom"
            dir="ltr"
            inputMode="decimal"
            placeholder={placeholder}
            value={custom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'tip-custom-error' : undefined}
            onChange={(e) => onCustom(westernDigits(e.target.value))}
            // biome-ignore lint/a11y/noAutofocus: the shopper just asked to type a tip
            autoFocus
          />
          {errorText && (
            <span id="tip-custom-error" className="pay-error">
              {errorText}
            </span>
          )}
        </div>
      )}
    </fieldset>
  );
}
