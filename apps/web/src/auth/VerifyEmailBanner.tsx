import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router';
import { useT } from '../lib/i18n/console-intl';
import { useAuth } from './auth-context';
import { useResendVerification } from './use-resend-verification';

/** On every signed-in screen while the address is unproven, with a way to resend the email. */
export function VerifyEmailBanner() {
  const { user, refresh } = useAuth();
  const { resend, busy } = useResendVerification();
  const { t, rich } = useT();
  // On an invitation's link the invitation itself says what is needed (accepting
  // it through the link verifies the address).
  const [params] = useSearchParams();
  if (!user || user.emailVerified || !user.email || params.get('invitation')) return null;
  return (
    <div className="banner banner-warn" role="status">
      <i className="pi pi-envelope" aria-hidden="true" />
      <span>
        {rich('auth.verify.banner', { email: user.email, b: (chunks) => <strong>{chunks}</strong> })}
      </span>
      <Button label={t('auth.verify.resend')} size="small" text onClick={resend} loading={busy} />
      <Button
        label={t('auth.verify.done')}
        size="small"
        text
        severity="secondary"
        onClick={() => void refresh()}
      />
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
  const { rich } = useT();
  if (!user || user.emailVerified) return null;
  return (
    <p className="muted verify-to-accept" role="note">
      {rich('auth.verify.toAccept', {
        email: user.email ?? '',
        check: (chunks) => (
          <Button
            label={String(chunks.join(''))}
            link
            size="small"
            className="p-0"
            onClick={() => void refresh()}
          />
        ),
        resend: (chunks) => (
          <Button
            label={String(chunks.join(''))}
            link
            size="small"
            className="p-0"
            onClick={resend}
            loading={busy}
          />
        ),
      })}
    </p>
  );
}
