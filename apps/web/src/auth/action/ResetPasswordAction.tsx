import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
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
      <ActionFrame title="Reset your password">
        <ActionFailure error={failure} />
      </ActionFrame>
    );
  if (done) {
    return (
      <ActionFrame title="Password changed">
        <Message
          severity="success"
          className="auth-message"
          text="Your password is changed and every other session is signed out."
        />
        <Link to={continuePath ?? '/login'}>Sign in with your new password</Link>
      </ActionFrame>
    );
  }
  if (!email) return <ActionPending title="Reset your password" />;
  return (
    <ActionFrame title="Choose a new password" subtitle={`For ${email}`}>
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        <NewPasswordField
          id="reset-password"
          label="New password"
          value={password}
          onChange={setPassword}
          status={status}
        />
        <Button
          type="submit"
          label="Save password"
          loading={busy}
          disabled={!status?.isValid}
          className="w-full"
        />
      </form>
    </ActionFrame>
  );
}
