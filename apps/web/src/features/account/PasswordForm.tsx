import { updatePassword } from 'firebase/auth';
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorCode, authErrorMessage } from '../../auth/errors';
import { NewPasswordField } from '../../auth/NewPasswordField';
import { reauthenticate } from '../../auth/reauthenticate';
import { usePasswordPolicy } from '../../auth/use-password-policy';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PasswordInput } from '../../ui/PasswordInput';

/** A new password, after the current one (changing it signs the other sessions out). */
export function PasswordForm() {
  const { user } = useAuth();
  const ui = useUi();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { status, recheck } = usePasswordPolicy(next);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await reauthenticate(current);
      await updatePassword(user, next);
      setCurrent('');
      setNext('');
      ui.toast('success', 'Password changed', 'Your other sessions were signed out.');
    } catch (err) {
      if (authErrorCode(err) === 'auth/password-does-not-meet-requirements') recheck();
      setError(
        authErrorCode(err) === 'auth/invalid-credential'
          ? 'Your current password is not right.'
          : authErrorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <FormField id="password-current" label="Current password" error={error ?? undefined}>
        <PasswordInput id="password-current" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </FormField>
      <NewPasswordField
        id="password-new"
        label="New password"
        value={next}
        onChange={setNext}
        status={status}
      />
      <Button type="submit" label="Change password" loading={busy} disabled={!current || !status?.isValid} />
    </form>
  );
}
