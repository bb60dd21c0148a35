import { deleteUser } from 'firebase/auth';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorMessage } from '../../auth/errors';
import { hasPasswordSignIn, reauthenticate } from '../../auth/reauthenticate';
import { useT } from '../../lib/i18n/console-intl';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PasswordInput } from '../../ui/PasswordInput';

/** Deleting the account, after signing in again. */
export function DangerZone() {
  const { user } = useAuth();
  const ui = useUi();
  const { t } = useT();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hasPassword = hasPasswordSignIn(user);
  const remove = () =>
    ui.confirm({
      header: t('account.delete.confirmTitle'),
      message: t('account.delete.confirmText'),
      acceptLabel: t('account.delete.accept'),
      danger: true,
      onAccept: async () => {
        if (!user) return;
        setBusy(true);
        try {
          await reauthenticate(password);
          await deleteUser(user);
        } catch (error) {
          ui.toast('error', t('account.delete.failed'), authErrorMessage(error));
          setBusy(false);
        }
      },
    });
  return (
    <section className="surface-card panel danger p-fluid" aria-labelledby="danger-title">
      <h2 id="danger-title">{t('account.delete.title')}</h2>
      <p>{t('account.delete.text')}</p>
      {hasPassword && (
        <FormField id="delete-password" label={t('account.delete.password')}>
          <PasswordInput
            id="delete-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
      )}
      <Button
        label={t('account.delete.title')}
        severity="danger"
        outlined
        loading={busy}
        disabled={hasPassword && !password}
        onClick={remove}
      />
    </section>
  );
}
