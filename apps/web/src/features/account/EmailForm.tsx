import { verifyBeforeUpdateEmail } from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorMessage } from '../../auth/errors';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

/** The sign-in address, changed only once the new address opens the link sent to it. */
export function EmailForm() {
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
