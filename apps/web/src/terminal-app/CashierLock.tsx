import { PIN_LOCKOUT } from '@scanline/contracts/staff-constants';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { PublicApiError } from '../lib/public-config';
import { type CashierOnDuty, type Device, isUnauthorized, signInCashier } from './device';
import { errorText } from './error-text';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'C', '0', '⌫'];
const PIN_MAX = 6;

/**
 * The lock screen of a terminal whose project has staff. A PIN pad (and the
 * keyboard's digits); 4–6 digits sign the cashier in. Five wrong PINs lock sign-in here for
 * 15 minutes, which the screen says with the time left.
 */
export function CashierLock(props: {
  device: Device;
  notice: string | null;
  onSignedIn: (c: CashierOnDuty) => void;
  onRevoked: () => void;
}) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();

  const press = (k: string) => {
    setError(null);
    if (k === '⌫') setPin((p) => p.slice(0, -1));
    else if (k === 'C') setPin('');
    else setPin((p) => (p.length >= PIN_MAX ? p : p + k));
  };

  const submit = async () => {
    if (pin.length < 4 || busy) return;
    setBusy(true);
    try {
      const session = await signInCashier(props.device, pin);
      props.onSignedIn({ session: session.cashier_session, cashier: session.cashier });
    } catch (e) {
      setPin('');
      if (isUnauthorized(e)) props.onRevoked();
      else if (e instanceof PublicApiError && e.status === 400) setError(t('terminal.lock.wrongPin'));
      else setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') press('⌫');
      else if (e.key === 'Escape') press('C');
      else if (e.key === 'Enter') void submit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section
      className="term-panel term-lock"
      aria-label={t('terminal.lock.label')}
      data-testid="cashier-lock"
    >
      <h1>{t('terminal.lock.title')}</h1>
      <p className="term-muted" role="status">
        {props.notice ?? t('terminal.lock.enterPin')}
      </p>
      <output
        className="term-pin"
        aria-label={t('terminal.lock.entered', { n: pin.length })}
        data-testid="cashier-pin"
      >
        {Array.from({ length: Math.max(4, pin.length) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positions of a PIN have no other identity
          <span key={i} className={`term-pin-dot${i < pin.length ? ' term-pin-dot-on' : ''}`} />
        ))}
      </output>
      <div className="term-keys">
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="term-key"
            onClick={() => press(k)}
            aria-label={k === '⌫' ? t('terminal.key.delete') : k === 'C' ? t('terminal.key.clear') : k}
          >
            {k}
          </button>
        ))}
      </div>
      {error && (
        <p className="term-error" role="alert" data-testid="cashier-error">
          {error}
        </p>
      )}
      <button type="button" className="term-primary" onClick={submit} disabled={busy || pin.length < 4}>
        {busy ? t('terminal.lock.busy') : t('terminal.lock.submit')}
      </button>
      <p className="term-muted term-small">
        {t('terminal.lock.lockout', {
          attempts: PIN_LOCKOUT.attempts,
          minutes: PIN_LOCKOUT.lockSeconds / 60,
        })}
      </p>
    </section>
  );
}
