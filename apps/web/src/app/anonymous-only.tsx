import { type ReactNode, useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { authReady } from '../auth/firebase';
import { takeDestination } from '../auth/redirect';
import { useT } from '../lib/i18n/console-intl';
import { Navigate } from '../ui/nav';

/** Sign-in screens: a signed-in visitor goes on to where they wanted, or the dashboard. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  // After this screen's first paint, the SDK loads (errors reach the auth state).
  useEffect(() => {
    void authReady().catch(() => undefined);
  }, []);
  // 'error': useSignOutRedirect sends the console to /error with the reason.
  if (status === 'error') return <AuthPending />;
  // While the SDK loads the screen shows at once (first paint on a phone); a
  // visitor who turns out to be signed in then goes on, as below.
  if (status === 'signed-in') return <Navigate to={takeDestination() ?? '/u/dashboard'} replace />;
  return <>{children}</>;
}

export function AuthPending() {
  const { t } = useT();
  return (
    <div className="global-progress" role="progressbar" aria-label={t('common.checkingSession')}>
      <div className="auth-pending-bar" />
    </div>
  );
}
