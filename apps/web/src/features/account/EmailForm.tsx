import { verifyBeforeUpdateEmail } from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorMessage } from '../../auth/errors';
import { useT } from '../../lib/i18n/console-intl';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

/** The sign-in address, changed only once the new address opens the link sent to it. */
export function EmailForm() {
  const { user } = useAuth();
  const ui = useUi();
  const { t, rich } = useT();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    setBusy(true);
    try {
      await verifyBeforeUpdateEmail(user, email.trim(), { url: `${window.location.origin}/login` });
      setSent(email.trim());
      setEmail('');
    } catch (error) {
      ui.toast('error', t('account.email.failed'), authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={submit} aria-labelledby="email-title">
      <h2 id="email-title">{t('account.email.title')}</h2>
      <p>
        {rich('account.email.signedInAs', {
          email: user?.email ?? '',
          b: (chunks) => <strong>{chunks}</strong>,
        })}{' '}
        {user?.emailVerified ? (
          <Tag severity="success" value={t('account.email.verified')} />
        ) : (
          <Tag severity="warning" value={t('account.email.notVerified')} />
        )}
      </p>
      {sent && <p role="status">{t('account.email.sent', { email: sent })}</p>}
      <FormField id="email-new" label={t('account.email.new')} help={t('account.email.newHelp')}>
        <InputText
          id="email-new"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
      </FormField>
      <Button
        type="submit"
        label={t('account.email.submit')}
        outlined
        loading={busy}
        disabled={!email.trim()}
      />
    </form>
  );
}
