import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { rememberDestination } from '../auth/redirect';
import { AuthPending } from './anonymous-only';

export { AnonymousOnly } from './anonymous-only';

/** Seed §2: wait for the auth state (the progress bar shows), then send strangers to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  // 'error': useSignOutRedirect sends the console to /error with the reason.
  if (status === 'loading' || status === 'error') return <AuthPending />;
  if (status === 'signed-out') {
    rememberDestination(location);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
