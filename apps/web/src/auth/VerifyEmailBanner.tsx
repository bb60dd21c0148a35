import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router';
import { useAuth } from './auth-context';
import { useResendVerification } from './use-resend-verification';

/** On every signed-in screen while the address is unproven, with a way to resend the email. */
export function VerifyEmailBanner() {
  const { user, refresh } = useAuth();
  const { resend, busy } = useResendVerification();
  // Issue 31 §14: on an invitation's link the invitation itself says what is needed (accepting
  // it through the link verifies the address).
  const [params] = useSearchParams();
  if (!user || user.emailVerified || !user.email || params.get('invitation')) return null;
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

/**
 * Under an invitation while the address is unproven: the server refuses to accept until it is
 * verified (the invitation goes to an address, so the address must be proven), so say so and
 * offer the email again instead of a button that can only fail.
 */
export function VerifyToAccept() {
  const { user, refresh } = useAuth();
  const { resend, busy } = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <p className="muted verify-to-accept" role="note">
      Verify {user.email} to accept: open the link in the email we sent you, then{' '}
      <Button label="check again" link size="small" className="p-0" onClick={() => void refresh()} />. No
      email? <Button label="Resend it" link size="small" className="p-0" onClick={resend} loading={busy} />
    </p>
  );
}
