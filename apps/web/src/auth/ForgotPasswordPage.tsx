import { sendPasswordResetEmail } from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/console-intl';
import { FormField } from '../ui/FormField';
import { AuthCard } from './AuthCard';
import { authErrorMessage } from './errors';
import { authReady } from './firebase';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await sendPasswordResetEmail(await authReady(), email.trim(), {
        url: `${window.location.origin}/login`,
      });
      // The same answer whether or not an account exists: nobody learns who has one.
      setSent(email.trim());
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={<Link to="/login">{t('auth.backToSignIn')}</Link>}
    >
      {sent ? (
        <Message severity="success" className="auth-message" text={t('auth.forgot.sent', { email: sent })} />
      ) : (
        <>
          {error && <Message severity="error" text={error} className="auth-message" role="alert" />}
          <form onSubmit={submit} noValidate className="auth-form p-fluid">
            <FormField id="forgot-email" label={t('auth.field.email')}>
              <InputText
                id="forgot-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoFocus
              />
            </FormField>
            <Button type="submit" label={t('auth.forgot.submit')} loading={busy} className="w-full" />
          </form>
        </>
      )}
    </AuthCard>
  );
}
