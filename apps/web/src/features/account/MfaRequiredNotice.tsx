import { multiFactor } from 'firebase/auth';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { auth } from '../../auth/firebase';
import { rememberDestination } from '../../auth/redirect';
import { EmptyState } from '../../ui/EmptyState';

/**
 * Shown instead of a project that requires two-step verification to a session that did not
 * pass it (issue 16 §4): it leads to enrollment and back, or, for someone who already has an
 * authenticator, to signing in again with it.
 */
export function MfaRequiredNotice({ projectName }: { projectName?: string }) {
  const location = useLocation();
  const { signOut } = useAuth();
  const [enrolled, setEnrolled] = useState<boolean | null>(null);
  useEffect(() => {
    const user = auth().currentUser;
    if (!user) return;
    void user.reload().then(
      () => setEnrolled(multiFactor(user).enrolledFactors.length > 0),
      () => setEnrolled(false),
    );
  }, []);
  const here = `${location.pathname}${location.search}${location.hash}`;
  const name = projectName ? `“${projectName}”` : 'This project';
  return (
    <EmptyState
      icon="pi-shield"
      title={`${name} requires two-step verification`}
      action={
        <div className="mfa-required-actions">
          {enrolled ? (
            <Button
              label="Sign in again"
              icon="pi pi-sign-in"
              onClick={() => {
                rememberDestination(location);
                void signOut();
              }}
            />
          ) : (
            <Link to={`/u/settings/security?then=${encodeURIComponent(here)}`} className="p-button">
              <i className="pi pi-mobile" aria-hidden="true" />
              <span className="p-button-label">Add an authenticator</span>
            </Link>
          )}
          <Link to="/u/dashboard" className="p-button p-button-text">
            <span className="p-button-label">Back to your projects</span>
          </Link>
        </div>
      }
    >
      {enrolled === null ? (
        <p>Checking your account…</p>
      ) : enrolled ? (
        <p>
          You have an authenticator, but this session was signed in without it. Sign in again and enter its
          code to open the project.
        </p>
      ) : (
        <p>
          Its owner asks every member to sign in with a code from an authenticator app. Add one to your
          account (it takes a minute), then you come straight back here.
        </p>
      )}
    </EmptyState>
  );
}
