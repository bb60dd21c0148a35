import { AMOUNT_MAX } from '@scanline/contracts/payment-constants';
import { useEffect, useState } from 'react';
import { currencyDigits, formatMoney } from '../lib/money';
import { createTransaction, type Device, isUnauthorized } from './device';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'JPY'];
const CURRENCY_KEY = 'scanline.terminal.currency';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '⌫'];

/** The amount is typed as on a till: digits fill in from the right (1, 2, 5 → 1.25). */
export function Keypad(props: {
  device: Device;
  onCreated: (id: string, key: string) => void;
  onRevoked: () => void;
}) {
  const fromTerminal = (props.device.terminal as { currency?: string }).currency;
  const [currency, setCurrency] = useState(() => localStorage.getItem(CURRENCY_KEY) ?? fromTerminal ?? 'USD');
  const [minor, setMinor] = useState(0);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intended charge: a retry after a network error cannot charge twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const press = (k: string) => {
    setError(null);
    setIdempotencyKey(crypto.randomUUID());
    if (k === '⌫') setMinor((m) => Math.floor(m / 10));
    else if (k === 'C') setMinor(0);
    else
      setMinor((m) => {
        const next = m * 10 ** k.length + Number(k);
        return next > AMOUNT_MAX ? m : next;
      });
  };

  // A hardware keyboard works too (tablets with a keyboard, and testing on a laptop).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'SELECT')
        return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') press('⌫');
      else if (e.key === 'Escape') press('C');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const charge = async () => {
    setBusy(true);
    setError(null);
    try {
      const t = await createTransaction(
        props.device,
        { amount: minor, currency, ...(reference.trim() ? { reference: reference.trim() } : {}) },
        idempotencyKey,
      );
      props.onCreated(t.id, idempotencyKey);
    } catch (e) {
      if (isUnauthorized(e)) props.onRevoked();
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const digits = currencyDigits(currency);
  return (
    <section className="term-panel term-keypad" aria-label="New payment">
      <div className="term-amount-row">
        <output className="term-amount" aria-live="polite" data-testid="keypad-amount">
          {formatMoney(minor, currency)}
        </output>
        <label className="sr-only" htmlFor="currency">
          Currency
        </label>
        <select
          id="currency"
          className="term-select"
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value);
            localStorage.setItem(CURRENCY_KEY, e.target.value);
            setIdempotencyKey(crypto.randomUUID());
          }}
        >
          {[...new Set([currency, ...CURRENCIES])].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="term-keys">
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="term-key"
            onClick={() => press(k)}
            aria-label={k === '⌫' ? 'Delete last digit' : k}
            disabled={k === '00' && digits === 0 && minor === 0}
          >
            {k}
          </button>
        ))}
      </div>
      <label className="term-ref">
        <span>Reference (optional)</span>
        <input
          value={reference}
          maxLength={120}
          onChange={(e) => setReference(e.target.value)}
          placeholder="e.g. order 1042"
        />
      </label>
      {error && (
        <p className="term-error" role="alert">
          {error}
        </p>
      )}
      <div className="term-actions">
        <button type="button" className="term-secondary" onClick={() => press('C')} disabled={minor === 0}>
          Clear
        </button>
        <button type="button" className="term-primary" onClick={charge} disabled={busy || minor === 0}>
          {busy ? 'Creating…' : `Charge ${formatMoney(minor, currency)}`}
        </button>
      </div>
    </section>
  );
}
