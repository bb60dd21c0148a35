import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { takeSignOutReason, useAuth } from '../auth/auth-context';
import { authErrorMessage } from '../auth/errors';
import { useUi } from './global-ui';

const ANONYMOUS = ['/login', '/register', '/forgot-password', '/auth/action', '/error'];

/**
 * Seed §2/§4: signing out anywhere — here, in another tab, or automatically when the
 * session ends — lands on /login; an automatic sign-out says why.
 */
export function useSignOutRedirect() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const ui = useUi();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was !== 'signed-in' || status !== 'signed-out') return;
    const reason = takeSignOutReason();
    if (reason) ui.toast('warn', 'You were signed out', authErrorMessage({ code: reason }), 10_000);
    if (!ANONYMOUS.some((p) => location.pathname.startsWith(p))) navigate('/login', { replace: true });
  }, [status, navigate, location.pathname, ui]);
}
