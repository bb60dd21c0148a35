import {
  deleteUser,
  EmailAuthProvider,
  reauthenticateWithCredential,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
} from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorCode, authErrorMessage } from '../../auth/errors';
import { reauthenticateWithProviderPopup } from '../../auth/federated';
import { auth } from '../../auth/firebase';
import { PasswordChecklist } from '../../auth/PasswordChecklist';
import { usePasswordPolicy } from '../../auth/use-password-policy';
import { runtimeConfig } from '../../config/runtime-config';
import { useFormatDate } from '../../theme/display-time-zone';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Profile" subtitle="How you appear in Scanline, and how you sign in." />
      <div className="stack">
        <ProfileForm />
        <EmailForm />
        {user.providerData.some((p) => p.providerId === 'password') && <PasswordForm />}
        <LinkedProviders />
        <DangerZone />
      </div>
    </>
  );
}

function ProfileForm() {
  const { user, refresh } = useAuth();
  const ui = useUi();
  const [name, setName] = useState(user?.displayName ?? '');
  const [photo, setPhoto] = useState(user?.photoURL ?? '');
  const [busy, setBusy] = useState(false);
  const photoInvalid = photo !== '' && !/^https:\/\/\S+$/.test(photo);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!user || photoInvalid) return;
    setBusy(true);
    try {
      await updateProfile(user, { displayName: name.trim() || null, photoURL: photo.trim() || null });
      await refresh();
      ui.toast('success', 'Profile saved');
    } catch (error) {
      ui.toast('error', 'Could not save your profile', authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={save} aria-labelledby="profile-title">
      <h2 id="profile-title">Your details</h2>
      <FormField id="profile-name" label="Display name">
        <InputText
          id="profile-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={120}
          autoComplete="name"
        />
      </FormField>
      <FormField
        id="profile-photo"
        label="Photo URL"
        error={photoInvalid ? 'Use an https:// address of an image.' : undefined}
        help="An https:// link to a square image."
      >
        <InputText
          id="profile-photo"
          value={photo}
          onChange={(e) => setPhoto(e.target.value)}
          maxLength={2048}
          invalid={photoInvalid}
        />
      </FormField>
      <Button type="submit" label="Save details" loading={busy} />
    </form>
  );
}

/** Reauthenticates first: with the password when the account has one, otherwise with its provider. */
async function confirmIdentity(password: string) {
  const user = auth().currentUser;
  if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/user-token-expired' });
  if (user.providerData.some((p) => p.providerId === 'password') && user.email) {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
    return;
  }
  const provider = runtimeConfig().auth.federated_providers.find((p) =>
    user.providerData.some((d) => d.providerId === p.id),
  );
  if (!provider) throw Object.assign(new Error('no provider'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithProviderPopup(provider);
}

function EmailForm() {
  const { user } = useAuth();
  const ui = useUi();
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
      ui.toast('error', 'Could not change your email', authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={submit} aria-labelledby="email-title">
      <h2 id="email-title">Email address</h2>
      <p>
        You sign in as <strong>{user?.email}</strong>{' '}
        {user?.emailVerified ? (
          <Tag severity="success" value="Verified" />
        ) : (
          <Tag severity="warning" value="Not verified" />
        )}
      </p>
      {sent && (
        <p role="status">We sent a confirmation link to {sent}. Your email changes when you open it.</p>
      )}
      <FormField
        id="email-new"
        label="New email address"
        help="We send a link to the new address; nothing changes until you open it."
      >
        <InputText
          id="email-new"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
      </FormField>
      <Button type="submit" label="Change email" outlined loading={busy} disabled={!email.trim()} />
    </form>
  );
}

function PasswordForm() {
  const { user } = useAuth();
  const ui = useUi();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { status, recheck } = usePasswordPolicy(next);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await confirmIdentity(current);
      await updatePassword(user, next);
      setCurrent('');
      setNext('');
      ui.toast('success', 'Password changed', 'Your other sessions were signed out.');
    } catch (err) {
      if (authErrorCode(err) === 'auth/password-does-not-meet-requirements') recheck();
      setError(
        authErrorCode(err) === 'auth/invalid-credential'
          ? 'Your current password is not right.'
          : authErrorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <FormField id="password-current" label="Current password" error={error ?? undefined}>
        <Password
          inputId="password-current"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          feedback={false}
          toggleMask
          autoComplete="current-password"
        />
      </FormField>
      <FormField id="password-new" label="New password">
        <Password
          inputId="password-new"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          feedback={false}
          toggleMask
          autoComplete="new-password"
          aria-describedby="password-new-rules"
        />
      </FormField>
      <PasswordChecklist status={status} id="password-new-rules" />
      <Button type="submit" label="Change password" loading={busy} disabled={!current || !status?.isValid} />
    </form>
  );
}

function LinkedProviders() {
  const formatDate = useFormatDate();
  const { user } = useAuth();
  const names: Record<string, string> = { password: 'Email and password' };
  for (const p of runtimeConfig().auth.federated_providers) names[p.id] = p.display_name;
  return (
    <section className="surface-card panel p-fluid" aria-labelledby="providers-title">
      <h2 id="providers-title">Sign-in methods</h2>
      <ul className="plain-list">
        {user?.providerData.map((p) => (
          <li key={`${p.providerId}-${p.uid}`}>
            <i
              className={`pi ${p.providerId === 'password' ? 'pi-lock' : 'pi-id-card'}`}
              aria-hidden="true"
            />{' '}
            {names[p.providerId] ?? p.providerId}{' '}
            {p.email ? <span className="muted">({p.email})</span> : null}
          </li>
        ))}
      </ul>
      <p className="muted">
        Member since {formatDate(user?.metadata.creationTime)} · last sign-in{' '}
        {formatDate(user?.metadata.lastSignInTime)}
      </p>
    </section>
  );
}

function DangerZone() {
  const { user } = useAuth();
  const ui = useUi();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hasPassword = user?.providerData.some((p) => p.providerId === 'password');
  const remove = () =>
    ui.confirm({
      header: 'Delete your account?',
      message: 'Your account and sign-in methods are deleted at once. This cannot be undone.',
      acceptLabel: 'Delete my account',
      danger: true,
      onAccept: async () => {
        if (!user) return;
        setBusy(true);
        try {
          await confirmIdentity(password);
          await deleteUser(user);
        } catch (error) {
          ui.toast('error', 'Your account was not deleted', authErrorMessage(error));
          setBusy(false);
        }
      },
    });
  return (
    <section className="surface-card panel danger p-fluid" aria-labelledby="danger-title">
      <h2 id="danger-title">Delete account</h2>
      <p>Deleting your account signs you out everywhere and removes your sign-in methods.</p>
      {hasPassword && (
        <FormField id="delete-password" label="Confirm with your password">
          <Password
            inputId="delete-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
            autoComplete="current-password"
          />
        </FormField>
      )}
      <Button
        label="Delete account"
        severity="danger"
        outlined
        loading={busy}
        disabled={hasPassword && !password}
        onClick={remove}
      />
    </section>
  );
}
