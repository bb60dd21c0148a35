import type { DeviceMe } from '@scanline/contracts';
import { AMOUNT_MAX } from '@scanline/contracts/payment-constants';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { currencyDigits, formatMoney } from '../lib/money';
import { createTransaction, type Device, isCashierRequired, isUnauthorized } from './device';
import { errorText } from './error-text';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'JPY'];
/** Above this many whole units the keypad asks before charging. */
const CONFIRM_ABOVE_UNITS = 10_000;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '⌫'];

/** The amount is typed as on a till: digits fill in from the right (1, 2, 5 → 1.25). */
export function Keypad(props: {
  device: Device;
  /** The project's currency comes from here (GET /terminal/v1/me); null while it loads. */
  me: DeviceMe | null;
  /** The device stream is open: the register can push a checkout. */
  waiting: boolean;
  notice: string | null;
  onCreated: (id: string) => void;
  onRevoked: () => void;
  /** The cashier's session ended: lock the terminal. */
  onCashierRequired?: () => void;
}) {
  // The project's currency; staff may pick another for this payment only when the project
  // allows other currencies (on a EUR project one mis-tap charged in USD).
  const otherCurrencies = props.me?.project.allow_other_currencies === true;
  const [picked, setChosen] = useState<string | null>(null);
  const chosen = otherCurrencies ? picked : null;
  const currency = chosen ?? props.me?.project.currency ?? 'USD';
  const [minor, setMinor] = useState(0);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t: tr } = useT();
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
    const big = minor > CONFIRM_ABOVE_UNITS * 10 ** currencyDigits(currency);
    if (big && !window.confirm(tr('terminal.keypad.confirmLarge', { amount: formatMoney(minor, currency) })))
      return;
    setBusy(true);
    setError(null);
    try {
      const t = await createTransaction(
        props.device,
        {
          amount: minor,
          // No currency: the server charges in the project's.
          ...(chosen ? { currency: chosen } : {}),
          ...(reference.trim() ? { reference: reference.trim() } : {}),
        },
        idempotencyKey,
      );
      props.onCreated(t.id);
    } catch (e) {
      if (isUnauthorized(e)) props.onRevoked();
      else if (isCashierRequired(e)) props.onCashierRequired?.();
      else setError(errorText(e, tr));
    } finally {
      setBusy(false);
    }
  };

  const digits = currencyDigits(currency);
  return (
    <section className="term-panel term-keypad" aria-label={tr('terminal.keypad.label')}>
      <p className="term-idle" role="status" data-testid="terminal-idle">
        {props.notice ?? (props.waiting ? tr('terminal.keypad.waiting') : tr('terminal.keypad.reconnecting'))}
      </p>
      <div className="term-amount-row">
        <output className="term-amount" aria-live="polite" data-testid="keypad-amount">
          {formatMoney(minor, currency)}
        </output>
        {otherCurrencies ? (
          <>
            <label className="sr-only" htmlFor="currency">
              {tr('terminal.keypad.currency')}
            </label>
            <select
              id="currency"
              className="term-select"
              value={currency}
              onChange={(e) => {
                setChosen(e.target.value === props.me?.project.currency ? null : e.target.value);
                setIdempotencyKey(crypto.randomUUID());
              }}
            >
              {[...new Set([currency, ...CURRENCIES])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span
            className="term-currency"
            data-testid="keypad-currency"
            title={tr('terminal.keypad.projectCurrency')}
          >
            {currency}
          </span>
        )}
      </div>
      <div className="term-keys">
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="term-key"
            onClick={() => press(k)}
            aria-label={k === '⌫' ? tr('terminal.key.delete') : k}
            disabled={k === '00' && digits === 0 && minor === 0}
          >
            {k}
          </button>
        ))}
      </div>
      <label className="term-ref">
        <span>{tr('terminal.keypad.reference')}</span>
        <input
          value={reference}
          maxLength={120}
          onChange={(e) => setReference(e.target.value)}
          placeholder={tr('terminal.keypad.referenceExample')}
        />
      </label>
      {error && (
        <p className="term-error" role="alert">
          {error}
        </p>
      )}
      <div className="term-actions">
        <button type="button" className="term-secondary" onClick={() => press('C')} disabled={minor === 0}>
          {tr('terminal.key.clear')}
        </button>
        <button type="button" className="term-primary" onClick={charge} disabled={busy || minor === 0}>
          {busy
            ? tr('terminal.keypad.creating')
            : tr('terminal.keypad.charge', { amount: formatMoney(minor, currency) })}
        </button>
      </div>
    </section>
  );
}
