import type { MultiFactorResolver } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
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
    <Dialog header="Confirm it’s you" visible onHide={onCancel} className="mfa-dialog" modal>
      {resolver ? (
        <SecondStepForm resolver={resolver} onDone={onConfirmed} onRestart={() => setResolver(null)} />
      ) : (
        <>
          <p>For your security, sign in again to make this change.</p>
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
              <FormField id="reauth-password" label="Password">
                <PasswordInput
                  id="reauth-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoFocus
                />
              </FormField>
              <Button type="submit" label="Continue" loading={busy} />
            </form>
          ) : method ? (
            <Button
              label={`Continue with ${method.provider.display_name}`}
              loading={busy}
              onClick={() => void run()}
            />
          ) : (
            <p>Sign out and sign in again, then retry.</p>
          )}
        </>
      )}
    </Dialog>
  );
}
