import { updatePassword } from 'firebase/auth';
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorCode, authErrorMessage } from '../../auth/errors';
import { NewPasswordField } from '../../auth/NewPasswordField';
import { reauthenticate } from '../../auth/reauthenticate';
import { usePasswordPolicy } from '../../auth/use-password-policy';
import { useT } from '../../lib/i18n/console-intl';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PasswordInput } from '../../ui/PasswordInput';

/** A new password, after the current one (changing it signs the other sessions out). */
export function PasswordForm() {
  const { user } = useAuth();
  const ui = useUi();
  const { t } = useT();
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
      ui.toast('success', t('account.password.changed'), t('account.password.changedText'));
    } catch (err) {
      if (authErrorCode(err) === 'auth/password-does-not-meet-requirements') recheck();
      setError(
        authErrorCode(err) === 'auth/invalid-credential'
          ? t('account.password.wrongCurrent')
          : authErrorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password.title')}</h2>
      <FormField id="password-current" label={t('account.password.current')} error={error ?? undefined}>
        <PasswordInput id="password-current" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </FormField>
      <NewPasswordField
        id="password-new"
        label={t('account.password.new')}
        value={next}
        onChange={setNext}
        status={status}
      />
      <Button
        type="submit"
        label={t('account.password.submit')}
        loading={busy}
        disabled={!current || !status?.isValid}
      />
    </form>
  );
}
