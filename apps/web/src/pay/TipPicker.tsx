import type { ShopperScan } from '@scanline/contracts';
import { useState } from 'react';
import { currencyDigits, formatMoney, toMinorUnits } from '../lib/money';

type Tipping = NonNullable<ShopperScan['tipping']>;

/**
 * Issue 26 §1: "No tip", the merchant's three choices with the amount each adds, and "Custom"
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
  const [error, setError] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, currency);
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
    if (minor === null || minor < 0) setError('Enter an amount, for example 2.50.');
    else if (minor > tipping.max_amount) setError(`At most ${money(tipping.max_amount)}.`);
    else {
      setError(null);
      onChange(minor);
    }
  };
  const pressed = (amount: number) => custom === null && tip === amount;
  return (
    <fieldset className="pay-tips">
      <legend>Add a tip?</legend>
      <div className="pay-tip-grid">
        <button type="button" className="pay-tip" aria-pressed={pressed(0)} onClick={() => choose(0)}>
          <span className="pay-tip-label">No tip</span>
        </button>
        {tipping.choices.map((c) => (
          <button
            key={`${c.kind}-${c.percent ?? c.amount}`}
            type="button"
            className="pay-tip"
            aria-pressed={pressed(c.amount)}
            onClick={() => choose(c.amount)}
          >
            <span className="pay-tip-label">{c.kind === 'percent' ? `${c.percent} %` : money(c.amount)}</span>
            <span className="pay-tip-adds">+{money(c.amount)}</span>
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
            <span className="pay-tip-label">Custom</span>
          </button>
        )}
      </div>
      {custom !== null && (
        <div className="pay-field">
          <label htmlFor="tip-custom">Tip amount</label>
          <input
            id="tip-custom"
            inputMode="decimal"
            placeholder={currencyDigits(currency) > 0 ? '2.50' : '250'}
            value={custom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'tip-custom-error' : undefined}
            onChange={(e) => onCustom(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the shopper just asked to type a tip
            autoFocus
          />
          {error && (
            <span id="tip-custom-error" className="pay-error">
              {error}
            </span>
          )}
        </div>
      )}
    </fieldset>
  );
}
