import { deleteUser } from 'firebase/auth';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorMessage } from '../../auth/errors';
import { hasPasswordSignIn, reauthenticate } from '../../auth/reauthenticate';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PasswordInput } from '../../ui/PasswordInput';

/** Deleting the account, after signing in again. */
export function DangerZone() {
  const { user } = useAuth();
  const ui = useUi();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hasPassword = hasPasswordSignIn(user);
  const remove = () =>
    ui.confirm({
      header: 'Delete your account?',
      message: 'Your account and sign-in methods are deleted at once. This cannot be undone.',
      acceptLabel: 'Delete my account',
      danger: true,
      onAccept: async () => {
        if (!user) return;
        setBusy(true);
        try {
          await reauthenticate(password);
          await deleteUser(user);
        } catch (error) {
          ui.toast('error', 'Your account was not deleted', authErrorMessage(error));
          setBusy(false);
        }
      },
    });
  return (
    <section className="surface-card panel danger p-fluid" aria-labelledby="danger-title">
      <h2 id="danger-title">Delete account</h2>
      <p>Deleting your account signs you out everywhere and removes your sign-in methods.</p>
      {hasPassword && (
        <FormField id="delete-password" label="Confirm with your password">
          <PasswordInput
            id="delete-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
      )}
      <Button
        label="Delete account"
        severity="danger"
        outlined
        loading={busy}
        disabled={hasPassword && !password}
        onClick={remove}
      />
    </section>
  );
}
