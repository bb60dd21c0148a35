import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  updateProfile,
  validatePassword,
} from 'firebase/auth';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { runtimeConfig } from '../config/runtime-config';
import { useT } from '../lib/i18n/console-intl';
import { FormField } from '../ui/FormField';
import { useUi } from '../ui/global-ui';
import { AuthCard } from './AuthCard';
import { authErrorCode, authErrorMessage } from './errors';
import { authReady } from './firebase';
import { InvitationNotice, useInvitationOfDestination } from './InvitationNotice';
import { NewPasswordField } from './NewPasswordField';
import { usePasswordPolicy } from './use-password-policy';

export default function RegisterPage() {
  const ui = useUi();
  const { t, rich } = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { status, recheck } = usePasswordPolicy(password);
  const invitation = useInvitationOfDestination();
  // The invited address, filled in once known (the visitor may still change it).
  useEffect(() => {
    if (invitation) setEmail((typed) => typed || invitation.email);
  }, [invitation]);
  // The operator's own pages, linked; with neither configured nothing to accept.
  const legal = runtimeConfig().legal;
  const termsUrl = legal?.terms_url ?? null;
  const privacyUrl = legal?.privacy_url ?? null;
  const hasTerms = Boolean(termsUrl || privacyUrl);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (hasTerms && !terms) {
      setError(t(termsUrl ? 'auth.register.acceptTermsFirst' : 'auth.register.acceptPrivacyFirst'));
      return;
    }
    setBusy(true);
    try {
      // Check the password as it is now, not as the debounced checklist last saw it.
      if (!(await validatePassword(await authReady(), password)).isValid) {
        recheck();
        setError(t('auth.error.passwordDoesNotMeetRequirements'));
        setBusy(false);
        return;
      }
      const { user } = await createUserWithEmailAndPassword(await authReady(), email.trim(), password);
      if (name.trim()) await updateProfile(user, { displayName: name.trim() });
      // Signing up from an invitation sent to this address proves it (accepting
      // marks it verified), so no verification email asks for that proof again.
      if (invitation && invitation.email.toLowerCase() === user.email?.toLowerCase())
        ui.toast(
          'success',
          t('auth.register.created'),
          t('auth.register.acceptInvitation', { project: invitation.project_name }),
        );
      else {
        await sendEmailVerification(user, { url: `${window.location.origin}/u/dashboard` });
        ui.toast(
          'success',
          t('auth.register.created'),
          t('auth.register.verificationSent', { email: user.email }),
        );
      }
    } catch (err) {
      if (authErrorCode(err) === 'auth/password-does-not-meet-requirements') recheck();
      setError(authErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <span>
          {rich('auth.register.haveAccount', { link: (chunks) => <Link to="/login">{chunks}</Link> })}
        </span>
      }
    >
      <InvitationNotice preview={invitation} action="auth.register.invitationAction" />
      {error && <Message severity="error" text={error} className="auth-message" role="alert" />}
      <form onSubmit={submit} noValidate className="auth-form p-fluid">
        <FormField id="register-name" label={t('auth.register.name')}>
          <InputText
            id="register-name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={120}
          />
        </FormField>
        <FormField id="register-email" label={t('auth.register.workEmail')}>
          <InputText
            id="register-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </FormField>
        <NewPasswordField
          id="register-password"
          label={t('auth.field.password')}
          value={password}
          onChange={setPassword}
          status={status}
          required
        />
        {hasTerms && (
          <div className="checkbox-row">
            <Checkbox
              inputId="register-terms"
              checked={terms}
              onChange={(e) => setTerms(Boolean(e.checked))}
            />
            <label htmlFor="register-terms">
              {rich(
                termsUrl && privacyUrl
                  ? 'auth.register.acceptBoth'
                  : termsUrl
                    ? 'auth.register.acceptTerms'
                    : 'auth.register.acceptPrivacy',
                {
                  terms: (chunks) => (
                    <a href={termsUrl ?? undefined} target="_blank" rel="noreferrer">
                      {chunks}
                    </a>
                  ),
                  privacy: (chunks) => (
                    <a href={privacyUrl ?? undefined} target="_blank" rel="noreferrer">
                      {chunks}
                    </a>
                  ),
                },
              )}
            </label>
          </div>
        )}
        <Button type="submit" label={t('auth.register.submit')} loading={busy} className="w-full" />
      </form>
    </AuthCard>
  );
}
