import { Button } from 'primereact/button';
import { useState } from 'react';
import { useUi } from '../app/global-ui';
import { useAuth } from './auth-context';
import { authErrorMessage } from './errors';
import { sdk } from './firebase';

/** On every signed-in screen while the address is unproven, with a way to resend the email. */
export function VerifyEmailBanner() {
  const { user, refresh } = useAuth();
  const ui = useUi();
  const [busy, setBusy] = useState(false);
  if (!user || user.emailVerified || !user.email) return null;
  const resend = async () => {
    setBusy(true);
    try {
      await sdk().sendEmailVerification(user, { url: `${window.location.origin}/u/dashboard` });
      ui.toast('success', 'Verification email sent', `Check ${user.email} and open the link.`);
    } catch (error) {
      ui.toast('error', 'Could not send the email', authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="banner banner-warn" role="status">
      <i className="pi pi-envelope" aria-hidden="true" />
      <span>
        Verify <strong>{user.email}</strong> to accept invitations and keep your account recoverable.
      </span>
      <Button label="Resend email" size="small" text onClick={resend} loading={busy} />
      <Button label="I have verified" size="small" text severity="secondary" onClick={() => void refresh()} />
    </div>
  );
}
