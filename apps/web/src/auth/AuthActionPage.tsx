import type { MultiFactorResolver } from 'firebase/auth';
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  isSignInWithEmailLink,
  signInWithEmailLink,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { runtimeConfig } from '../config/runtime-config';
import { FormField } from '../ui/FormField';
import { AuthCard } from './AuthCard';
import { authErrorCode, authErrorMessage } from './errors';
import { auth } from './firebase';
import { EMAIL_FOR_SIGN_IN } from './LoginPage';
import { PasswordChecklist } from './PasswordChecklist';
import { takeDestination } from './redirect';
import { isSecondStepRequired, SecondStepForm, secondStepResolver } from './SecondStepForm';
import { usePasswordPolicy } from './use-password-policy';

const MODES = ['resetPassword', 'verifyEmail', 'signIn', 'verifyAndChangeEmail', 'recoverEmail'] as const;
type Mode = (typeof MODES)[number];

/**
 * A continue URL is followed only back into this console: its own origin, which is the
 * deployment's public URL (the authorised domain), never anywhere else (no open redirect).
 */
function safeContinuePath(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    const ours = [window.location.origin, new URL(runtimeConfig().public_url).origin];
    return ours.includes(url.origin) ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

function Failure({ error }: { error: unknown }) {
  const code = authErrorCode(error);
  const next =
    code === 'auth/expired-action-code' || code === 'auth/invalid-action-code' ? (
      <p>
        Links work once and for a limited time. <Link to="/forgot-password">Ask for a new reset link</Link>,
        or <Link to="/login">sign in</Link> and resend the verification email from the banner.
      </p>
    ) : null;
  return (
    <>
      <Message severity="error" text={authErrorMessage(error)} className="auth-message" role="alert" />
      {next}
    </>
  );
}

/** Seed §2: /auth/action needs an API key, a one-time code and a mode; otherwise argument-error. */
export default function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode') as Mode | null;
  const oobCode = params.get('oobCode');
  const apiKey = params.get('apiKey');
  const continuePath = safeContinuePath(params.get('continueUrl'));
  if (!mode || !oobCode || !apiKey || !MODES.includes(mode)) {
    return (
      <AuthCard title="This link is incomplete" footer={<Link to="/login">Go to sign in</Link>}>
        <Failure error={{ code: 'auth/argument-error' }} />
      </AuthCard>
    );
  }
  const props = { oobCode, continuePath };
  switch (mode) {
    case 'resetPassword':
      return <ResetPassword {...props} />;
    case 'signIn':
      return <EmailLinkSignIn {...props} />;
    default:
      return <ApplyCode {...props} mode={mode} />;
  }
}

interface ActionProps {
  oobCode: string;
  continuePath: string | null;
}

function ResetPassword({ oobCode, continuePath }: ActionProps) {
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
      <Frame title="Reset your password">
        <Failure error={failure} />
      </Frame>
    );
  if (done) {
    return (
      <Frame title="Password changed">
        <Message
          severity="success"
          className="auth-message"
          text="Your password is changed and every other session is signed out."
        />
        <Link to={continuePath ?? '/login'}>Sign in with your new password</Link>
      </Frame>
    );
  }
  if (!email) return <Pending title="Reset your password" />;
  return (
    <Frame title="Choose a new password" subtitle={`For ${email}`}>
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        <FormField id="reset-password" label="New password">
          <Password
            inputId="reset-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
            autoComplete="new-password"
            aria-describedby="reset-password-rules"
          />
        </FormField>
        <PasswordChecklist status={status} id="reset-password-rules" />
        <Button
          type="submit"
          label="Save password"
          loading={busy}
          disabled={!status?.isValid}
          className="w-full"
        />
      </form>
    </Frame>
  );
}

function EmailLinkSignIn({ continuePath }: ActionProps) {
  const navigate = useNavigate();
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
      <Frame title="Sign in with a link">
        <Failure error={failure} />
      </Frame>
    );
  if (resolver)
    return (
      <Frame title="Sign in" subtitle="One more step to confirm it is you.">
        <SecondStepForm resolver={resolver} onDone={done} onRestart={() => navigate('/login')} />
      </Frame>
    );
  if (!needEmail) return <Pending title="Signing you in…" />;
  return (
    <Frame
      title="Confirm your email"
      subtitle="You opened the link on another device or browser. Which address was it sent to?"
    >
      <form
        className="auth-form p-fluid"
        onSubmit={(e) => {
          e.preventDefault();
          setNeedEmail(false);
          void finish(email);
        }}
      >
        <FormField id="link-email" label="Email">
          <InputText
            id="link-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <Button type="submit" label="Sign in" loading={busy} className="w-full" />
      </form>
    </Frame>
  );
}

const APPLY_TEXT: Record<
  Exclude<Mode, 'resetPassword' | 'signIn'>,
  { title: string; done: (email?: string | null) => string }
> = {
  verifyEmail: { title: 'Verify your email', done: () => 'Your email address is verified. Thank you!' },
  verifyAndChangeEmail: {
    title: 'Confirm your new email',
    done: (email) => `Your account's email is now ${email ?? 'changed'}. Sign in again with it.`,
  },
  recoverEmail: {
    title: 'Restore your email',
    done: (email) => `Your account's email is back to ${email ?? 'what it was'}.`,
  },
};

function ApplyCode({ oobCode, continuePath, mode }: ActionProps & { mode: keyof typeof APPLY_TEXT }) {
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    (async () => {
      const info = await checkActionCode(auth(), oobCode);
      await applyActionCode(auth(), oobCode);
      await auth()
        .currentUser?.reload()
        .catch(() => undefined);
      setResult(APPLY_TEXT[mode].done(info.data.email));
    })().catch(setFailure);
  }, [oobCode, mode]);
  const text = APPLY_TEXT[mode];
  if (failure)
    return (
      <Frame title={text.title}>
        <Failure error={failure} />
      </Frame>
    );
  if (!result) return <Pending title={text.title} />;
  return (
    <Frame title={text.title}>
      <Message severity="success" text={result} className="auth-message" />
      <Link to={continuePath ?? '/u/dashboard'}>Continue to Scanline</Link>
    </Frame>
  );
}

function Frame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <AuthCard title={title} subtitle={subtitle} footer={<Link to="/login">Back to sign in</Link>}>
      {children}
    </AuthCard>
  );
}

function Pending({ title }: { title: string }) {
  return (
    <Frame title={title}>
      <div className="pending">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label="Working" />
      </div>
    </Frame>
  );
}
