import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { authErrorCode } from '../errors';
import { auth } from '../firebase';
import { NewPasswordField } from '../NewPasswordField';
import { usePasswordPolicy } from '../use-password-policy';
import { ActionFailure } from './ActionFailure';
import { ActionFrame } from './ActionFrame';
import { ActionPending } from './ActionPending';
import type { ActionProps } from './action-link';

/** mode=resetPassword: a new password for the address the link was sent to. */
export function ResetPasswordAction({ oobCode, continuePath }: ActionProps) {
  const { t } = useT();
  const [email, setEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const { status, recheck } = usePasswordPolicy(password);
  useEffect(() => {
    verifyPasswordResetCode(auth(), oobCode).then(setEmail, setFailure);
  }, [oobCode]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await confirmPasswordReset(auth(), oobCode, password);
      setDone(true);
    } catch (err) {
      if (authErrorCode(err) === 'auth/password-does-not-meet-requirements') recheck();
      else setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  if (failure)
    return (
      <ActionFrame title={t('auth.forgot.title')}>
        <ActionFailure error={failure} />
      </ActionFrame>
    );
  if (done) {
    return (
      <ActionFrame title={t('auth.reset.changed')}>
        <Message severity="success" className="auth-message" text={t('auth.reset.changedText')} />
        <Link to={continuePath ?? '/login'}>{t('auth.reset.signInNew')}</Link>
      </ActionFrame>
    );
  }
  if (!email) return <ActionPending title={t('auth.forgot.title')} />;
  return (
    <ActionFrame title={t('auth.reset.title')} subtitle={t('auth.reset.for', { email })}>
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        <NewPasswordField
          id="reset-password"
          label={t('auth.reset.newPassword')}
          value={password}
          onChange={setPassword}
          status={status}
        />
        <Button
          type="submit"
          label={t('auth.reset.save')}
          loading={busy}
          disabled={!status?.isValid}
          className="w-full"
        />
      </form>
    </ActionFrame>
  );
}
