import { type FormEvent, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { PublicApiError } from '../lib/public-config';
import { type Device, isUnauthorized, signInCashier, unpairDevice } from './device';
import { errorText } from './error-text';

/**
 * "Unpair", confirmed on the terminal's own screen (never a browser `confirm()`). Where staff
 * sign in, a manager's PIN is asked unless a manager is signed in already: the server refuses
 * anyone else (401 cashier_required, 403 manager_required), so a passer-by at a locked till
 * cannot leave the shop without a working terminal.
 */
export function UnpairScreen(props: {
  device: Device;
  /** The project has staff and no manager is signed in here: a manager's PIN is needed. */
  needsManagerPin: boolean;
  onUnpaired: () => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || (props.needsManagerPin && pin.length < 4)) return;
    setBusy(true);
    setError(null);
    try {
      const session = props.needsManagerPin
        ? (await signInCashier(props.device, pin)).cashier_session
        : undefined;
      await unpairDevice(props.device, session);
      props.onUnpaired();
    } catch (err) {
      setPin('');
      // Already unpaired elsewhere (the console disabled it): nothing left to do here either.
      if (isUnauthorized(err)) props.onUnpaired();
      else if (err instanceof PublicApiError && err.code === 'manager_required')
        setError(t('terminal.unpairScreen.notManager'));
      else if (err instanceof PublicApiError && err.status === 400) setError(t('terminal.lock.wrongPin'));
      else setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="term-panel term-lock" onSubmit={submit} data-testid="unpair-screen">
      <h1>{t('terminal.unpairScreen.title')}</h1>
      <p className="term-muted">{t('terminal.unpairConfirm')}</p>
      {props.needsManagerPin && (
        <label className="term-refund">
          <span>{t('terminal.unpairScreen.managerPin')}</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      )}
      {error && (
        <p className="term-error" role="alert" data-testid="unpair-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="term-primary"
        disabled={busy || (props.needsManagerPin && pin.length < 4)}
      >
        {t('terminal.unpair')}
      </button>
      <button type="button" className="term-link" onClick={props.onCancel}>
        {t('terminal.unpairScreen.cancel')}
      </button>
    </form>
  );
}
