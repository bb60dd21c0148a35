import { useEffect, useRef } from 'react';
import { useAuth } from '../auth/auth-context';
import { authErrorMessage } from '../auth/errors';
import { useT } from '../lib/i18n/console-intl';
import { useToast } from '../ui/global-ui';
import { useNav } from '../ui/nav';

/** The /error page's reason when the auth state cannot be read (it says so in the reader's language). */
export const AUTH_STATE_FAILED = 'auth-state';
const ANONYMOUS = ['/login', '/register', '/forgot-password', '/auth/action', '/error'];

/**
 * Seed §2/§4: signing out anywhere — here, in another tab, or automatically when the
 * session ends — lands on /login; an automatic sign-out says why.
 */
export function useSignOutRedirect() {
  const { status, signOutReason } = useAuth();
  const { navigate, location } = useNav();
  const toast = useToast();
  const { t } = useT();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'error' && location.pathname !== '/error') {
      navigate(`/error?reason=${encodeURIComponent(AUTH_STATE_FAILED)}`, { replace: true });
      return;
    }
    if (was !== 'signed-in' || status !== 'signed-out') return;
    if (!ANONYMOUS.some((p) => location.pathname.startsWith(p))) navigate('/login', { replace: true });
  }, [status, navigate, location.pathname]);
  // The reason arrives a moment after the sign-out itself (auth-context asks the server).
  useEffect(() => {
    if (signOutReason) toast.warn(t('common.signedOut'), authErrorMessage({ code: signOutReason }), 10_000);
  }, [signOutReason, toast, t]);
}
