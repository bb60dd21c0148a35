import type { MultiFactorResolver, UserCredential } from 'firebase/auth';
import { type FormEvent, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { FormField } from '../ui/FormField';
import { InlineMessage, PlainButton, PlainInput } from '../ui/plain-controls';
import { authErrorCode, authErrorMessage } from './errors';
import { sdk } from './firebase';

export { isSecondStepRequired, secondStepResolver } from './second-step';

/**
 * The second sign-in step: a 6-digit code from the authenticator app, or one of the
 * recovery codes (the server takes either in the same field). A wrong code says so under
 * the field; an expired or exhausted step sends the person back to the first one.
 */
export function SecondStepForm({
  resolver,
  onDone,
  onRestart,
}: {
  resolver: MultiFactorResolver;
  onDone: (credential: UserCredential) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  const hint = resolver.hints.find((h) => h.factorId === 'totp') ?? resolver.hints[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    setError(null);
    const value = code.trim();
    if (!hint) return;
    if (!recovery && !/^\d{6}$/.test(value)) {
      setFieldError(t('auth.secondStep.enterCode'));
      return;
    }
    if (recovery && value.replace(/[\s-]/g, '').length !== 10) {
      setFieldError(t('auth.secondStep.recoveryShape', { example: 'abcde-23456' }));
      return;
    }
    setBusy(true);
    try {
      const assertion = sdk().TotpMultiFactorGenerator.assertionForSignIn(hint.uid, value);
      onDone(await resolver.resolveSignIn(assertion));
    } catch (err) {
      const errCode = authErrorCode(err);
      if (errCode === 'auth/invalid-verification-code') {
        setFieldError(recovery ? t('auth.secondStep.wrongRecovery') : t('auth.secondStep.wrongCode'));
      } else if (errCode === 'auth/invalid-multi-factor-session') {
        setError(t('auth.secondStep.expired'));
      } else {
        setError(authErrorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="auth-form p-fluid" aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="second-step-title">
        {t('auth.secondStep.title')}
      </h2>
      <p className="muted">
        {recovery
          ? t('auth.secondStep.recoveryHelp')
          : hint?.displayName &&
              // The name a new authenticator gets unless renamed (once English whatever the language) says nothing.
              hint.displayName !== 'Authenticator app' &&
              hint.displayName !== t('auth.factor.defaultName')
            ? t('auth.secondStep.namedHelp', { name: hint.displayName })
            : t('auth.secondStep.help')}
      </p>
      {error && (
        <InlineMessage severity="error" className="auth-message">
          {error}
        </InlineMessage>
      )}
      <FormField
        id="second-step-code"
        label={recovery ? t('auth.secondStep.recoveryLabel') : t('auth.secondStep.codeLabel')}
        error={fieldError ?? undefined}
      >
        <PlainInput
          id="second-step-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9]*'}
          maxLength={recovery ? 16 : 6}
          placeholder={recovery ? 'abcde-23456' : '123456'}
          invalid={fieldError !== null}
          aria-describedby={fieldError ? 'second-step-code-error' : undefined}
          autoFocus
          required
        />
      </FormField>
      <PlainButton type="submit" label={t('auth.secondStep.verify')} loading={busy} className="w-full" />
      <div className="auth-row">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setFieldError(null);
          }}
        >
          {recovery ? t('auth.secondStep.useApp') : t('auth.secondStep.useRecovery')}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          {t('auth.secondStep.restart')}
        </button>
      </div>
    </form>
  );
}
