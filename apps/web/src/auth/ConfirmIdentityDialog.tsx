import type { MultiFactorResolver } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { FormField } from '../ui/FormField';
import { PasswordInput } from '../ui/PasswordInput';
import { authErrorMessage } from './errors';
import { auth } from './firebase';
import { reauthenticate, reauthenticationMethod } from './reauthenticate';
import { isSecondStepRequired, SecondStepForm, secondStepResolver } from './SecondStepForm';

/** Sign in again (password or provider, then the second step) before a sensitive change. */
export function ConfirmIdentityDialog({
  onCancel,
  onConfirmed,
}: {
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resolver, setResolver] = useState<MultiFactorResolver | null>(null);
  const method = reauthenticationMethod(auth().currentUser);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await reauthenticate(password);
      onConfirmed();
    } catch (err) {
      if (isSecondStepRequired(err)) setResolver(secondStepResolver(err));
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={t('auth.confirm.title')} visible onHide={onCancel} className="mfa-dialog" modal>
      {resolver ? (
        <SecondStepForm resolver={resolver} onDone={onConfirmed} onRestart={() => setResolver(null)} />
      ) : (
        <>
          <p>{t('auth.confirm.text')}</p>
          {error && (
            <p className="p-error" role="alert">
              {error}
            </p>
          )}
          {method?.kind === 'password' ? (
            <form
              className="p-fluid"
              onSubmit={(e) => {
                e.preventDefault();
                void run();
              }}
            >
              <FormField id="reauth-password" label={t('auth.field.password')}>
                <PasswordInput
                  id="reauth-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoFocus
                />
              </FormField>
              <Button type="submit" label={t('auth.confirm.continue')} loading={busy} />
            </form>
          ) : method ? (
            <Button
              label={t('auth.login.continueWith', { provider: method.provider.display_name })}
              loading={busy}
              onClick={() => void run()}
            />
          ) : (
            <p>{t('auth.confirm.signOutFirst')}</p>
          )}
        </>
      )}
    </Dialog>
  );
}
