import type { MultiFactorResolver } from 'firebase/auth';
import { isSignInWithEmailLink, signInWithEmailLink } from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { FormField } from '../../ui/FormField';
import { auth } from '../firebase';
import { EMAIL_FOR_SIGN_IN } from '../LoginPage';
import { takeDestination } from '../redirect';
import { isSecondStepRequired, SecondStepForm, secondStepResolver } from '../SecondStepForm';
import { ActionFailure } from './ActionFailure';
import { ActionFrame } from './ActionFrame';
import { ActionPending } from './ActionPending';
import type { ActionProps } from './action-link';

/** mode=signIn: signs in with the emailed link, asking for the address on another device. */
export function EmailLinkSignIn({ continuePath }: ActionProps) {
  const navigate = useNavigate();
  const { t } = useT();
  const [email, setEmail] = useState(() => localStorage.getItem(EMAIL_FOR_SIGN_IN) ?? '');
  const [needEmail, setNeedEmail] = useState(() => !localStorage.getItem(EMAIL_FOR_SIGN_IN));
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [resolver, setResolver] = useState<MultiFactorResolver | null>(null);
  const link = window.location.href;
  // Same tab: the remembered destination is used up here, so the dashboard does not
  // later send the user there a second time.
  const done = () => navigate(takeDestination() ?? continuePath ?? '/u/dashboard', { replace: true });
  const finish = async (address: string) => {
    setBusy(true);
    try {
      await signInWithEmailLink(auth(), address.trim(), link);
      localStorage.removeItem(EMAIL_FOR_SIGN_IN);
      done();
    } catch (err) {
      // The link is spent either way; with two-step verification the code finishes it.
      if (isSecondStepRequired(err)) {
        localStorage.removeItem(EMAIL_FOR_SIGN_IN);
        setResolver(secondStepResolver(err));
      } else setFailure(err);
      setBusy(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a link is used once, on arrival.
  useEffect(() => {
    if (!isSignInWithEmailLink(auth(), link)) setFailure({ code: 'auth/argument-error' });
    else if (!needEmail) void finish(email);
  }, []);
  if (failure)
    return (
      <ActionFrame title={t('auth.link.title')}>
        <ActionFailure error={failure} />
      </ActionFrame>
    );
  if (resolver)
    return (
      <ActionFrame title={t('auth.login.title')} subtitle={t('auth.login.oneMoreStep')}>
        <SecondStepForm resolver={resolver} onDone={done} onRestart={() => navigate('/login')} />
      </ActionFrame>
    );
  if (!needEmail) return <ActionPending title={t('auth.link.signingIn')} />;
  return (
    <ActionFrame title={t('auth.link.confirmTitle')} subtitle={t('auth.link.confirmSubtitle')}>
      <form
        className="auth-form p-fluid"
        onSubmit={(e) => {
          e.preventDefault();
          setNeedEmail(false);
          void finish(email);
        }}
      >
        <FormField id="link-email" label={t('auth.field.email')}>
          <InputText
            id="link-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <Button type="submit" label={t('auth.login.submit')} loading={busy} className="w-full" />
      </form>
    </ActionFrame>
  );
}
