import type { MultiFactorResolver } from 'firebase/auth';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { runtimeConfig } from '../config/runtime-config';
import { useT } from '../lib/i18n/console-intl';
import { FormField } from '../ui/FormField';
import { useUi } from '../ui/global-ui';
import { Link, useNav } from '../ui/nav';
import { PasswordInput } from '../ui/PasswordInput';
import { InlineMessage, PlainButton, PlainDivider, PlainInput } from '../ui/plain-controls';
import { AuthCard } from './AuthCard';
import { useAuth } from './auth-context';
import { authErrorCode, authErrorMessage } from './errors';
import { authReady, sdk } from './firebase';
import { InvitationNotice, useInvitationOfDestination } from './InvitationNotice';
import { peekDestination } from './redirect';
import { isSecondStepRequired, secondStepResolver } from './second-step';

// Neither is needed for the first paint: the second step only after a first one,
// and the federated sign-in module loads once the screen shows (before any button can be
// clicked, so its popup still opens synchronously in the click).
const SecondStepForm = lazy(async () => ({ default: (await import('./SecondStepForm')).SecondStepForm }));
type Federated = typeof import('./federated');
const loadFederated = () => import('./federated');

export const EMAIL_FOR_SIGN_IN = 'scanline.emailForSignIn';

export default function LoginPage() {
  const ui = useUi();
  const { location } = useNav();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<'password' | 'link'>('password');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [blockedProvider, setBlockedProvider] = useState<string | null>(null);
  const providers = runtimeConfig().auth.federated_providers;
  const invitation = useInvitationOfDestination();
  const { signOutReason } = useAuth();
  const [resolver, setResolver] = useState<MultiFactorResolver | null>(null);
  const federatedModule = useRef<Federated | null>(null);
  const { t, rich } = useT();
  /** An account with two-step verification answers the first step with a second one. */
  const fail = (err: unknown) => {
    if (isSecondStepRequired(err)) {
      setResolver(secondStepResolver(err));
      return;
    }
    setError(authErrorMessage(err));
  };

  useEffect(() => {
    const end = ui.beginLoading();
    loadFederated()
      .then((module) => {
        federatedModule.current = module;
        return module.takeRedirectResult(location.hash);
      })
      .catch((e) =>
        isSecondStepRequired(e) ? setResolver(secondStepResolver(e)) : setError(authErrorMessage(e)),
      )
      .finally(end);
  }, [location.hash, ui]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (mode === 'password') {
        const auth = await authReady();
        await sdk().signInWithEmailAndPassword(auth, email.trim(), password);
      } else {
        await sdk().sendSignInLinkToEmail(await authReady(), email.trim(), {
          // The link may be opened in another tab, where sessionStorage is empty: the wanted
          // page (an invitation, say) travels in the link's continue URL instead.
          url: `${window.location.origin}${peekDestination() ?? '/u/dashboard'}`,
          handleCodeInApp: true,
        });
        localStorage.setItem(EMAIL_FOR_SIGN_IN, email.trim());
        setNotice(t('auth.login.linkSent', { email: email.trim() }));
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const federated = async (name: string) => {
    const provider = providers.find((p) => p.name === name);
    if (!provider) return;
    setError(null);
    setBlockedProvider(null);
    try {
      const module = federatedModule.current ?? (await loadFederated());
      await module.signInWithProviderPopup(provider);
    } catch (err) {
      if (authErrorCode(err) === 'auth/popup-blocked') setBlockedProvider(name);
      if (authErrorCode(err) !== 'auth/cancelled-popup-request') fail(err);
    }
  };

  if (resolver) {
    return (
      <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.oneMoreStep')}>
        {/* Signed in: the auth state listener and the signed-out guard take it from here. */}
        <Suspense fallback={null}>
          <SecondStepForm
            resolver={resolver}
            onDone={() => setResolver(null)}
            onRestart={() => {
              setResolver(null);
              setPassword('');
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.welcome')}
      footer={
        <span>{rich('auth.login.newHere', { link: (chunks) => <Link to="/register">{chunks}</Link> })}</span>
      }
    >
      <InvitationNotice preview={invitation} action="auth.login.invitationAction" />
      {signOutReason && !notice && (
        <InlineMessage severity="warn" className="auth-message">
          {authErrorMessage({ code: signOutReason })}
        </InlineMessage>
      )}
      {notice && (
        <InlineMessage severity="info" className="auth-message">
          {notice}
        </InlineMessage>
      )}
      {error && (
        <InlineMessage severity="error" className="auth-message">
          {error}
        </InlineMessage>
      )}
      <form onSubmit={submit} noValidate className="auth-form p-fluid">
        <FormField id="login-email" label={t('auth.field.email')}>
          <PlainInput
            id="login-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoFocus
          />
        </FormField>
        {mode === 'password' && (
          <FormField id="login-password" label={t('auth.field.password')}>
            <PasswordInput
              id="login-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
            />
          </FormField>
        )}
        <div className="auth-row">
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          <button
            type="button"
            className="link-button"
            onClick={() => setMode(mode === 'password' ? 'link' : 'password')}
          >
            {mode === 'password' ? t('auth.login.useLink') : t('auth.login.usePassword')}
          </button>
        </div>
        <PlainButton
          type="submit"
          label={mode === 'password' ? t('auth.login.submit') : t('auth.login.emailLink')}
          loading={busy}
          className="w-full"
        />
      </form>
      {providers.length > 0 && (
        <>
          <PlainDivider>
            <span className="divider-text">{t('auth.login.or')}</span>
          </PlainDivider>
          <div className="federated-buttons">
            {providers.map((p) => (
              <PlainButton
                key={p.name}
                type="button"
                className="p-button-outlined"
                icon="pi pi-sign-in"
                label={t('auth.login.continueWith', { provider: p.display_name })}
                onClick={() => void federated(p.name)}
              />
            ))}
          </div>
          {blockedProvider && (
            <InlineMessage severity="warn" className="auth-message">
              {t('auth.login.popupBlocked')}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  const p = providers.find((x) => x.name === blockedProvider);
                  if (p) void loadFederated().then((module) => module.signInWithProviderRedirect(p));
                }}
              >
                {t('auth.login.continueHere')}
              </button>
            </InlineMessage>
          )}
        </>
      )}
    </AuthCard>
  );
}
