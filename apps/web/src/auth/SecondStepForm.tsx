import type { MultiFactorResolver, UserCredential } from 'firebase/auth';
import { type FormEvent, useState } from 'react';
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
  const hint = resolver.hints.find((h) => h.factorId === 'totp') ?? resolver.hints[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    setError(null);
    const value = code.trim();
    if (!hint) return;
    if (!recovery && !/^\d{6}$/.test(value)) {
      setFieldError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    if (recovery && value.replace(/[\s-]/g, '').length !== 10) {
      setFieldError('A recovery code has 10 letters and digits, like abcde-23456.');
      return;
    }
    setBusy(true);
    try {
      const assertion = sdk().TotpMultiFactorGenerator.assertionForSignIn(hint.uid, value);
      onDone(await resolver.resolveSignIn(assertion));
    } catch (err) {
      const errCode = authErrorCode(err);
      if (errCode === 'auth/invalid-verification-code') {
        setFieldError(
          recovery
            ? 'That recovery code is not right, or it was used already.'
            : 'That code is not right. Check your authenticator app and try the current code.',
        );
      } else if (errCode === 'auth/invalid-multi-factor-session') {
        setError('This sign-in step has expired or had too many wrong codes. Sign in again.');
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
        Two-step verification
      </h2>
      <p className="muted">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.'
          : hint?.displayName && hint.displayName !== 'Authenticator app'
            ? `Enter the 6-digit code that “${hint.displayName}” shows in your authenticator app.`
            : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {error && (
        <InlineMessage severity="error" className="auth-message">
          {error}
        </InlineMessage>
      )}
      <FormField
        id="second-step-code"
        label={recovery ? 'Recovery code' : 'Authentication code'}
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
      <PlainButton type="submit" label="Verify" loading={busy} className="w-full" />
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
          {recovery ? 'Use my authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          Start over
        </button>
      </div>
    </form>
  );
}
