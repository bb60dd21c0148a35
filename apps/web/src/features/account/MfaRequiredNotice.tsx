import { multiFactor } from 'firebase/auth';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { auth } from '../../auth/firebase';
import { rememberDestination } from '../../auth/redirect';
import { useT } from '../../lib/i18n/console-intl';
import { EmptyState } from '../../ui/EmptyState';

/**
 * Shown instead of a project that requires two-step verification to a session that did not
 * pass it: it leads to enrollment and back, or, for someone who already has an
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
  const { t } = useT();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <EmptyState
      icon="pi-shield"
      title={projectName ? t('account.mfa.titleNamed', { project: projectName }) : t('account.mfa.title')}
      action={
        <div className="mfa-required-actions">
          {enrolled ? (
            <Button
              label={t('account.mfa.signInAgain')}
              icon="pi pi-sign-in"
              onClick={() => {
                rememberDestination(location);
                void signOut();
              }}
            />
          ) : (
            <Link to={`/u/settings/security?then=${encodeURIComponent(here)}`} className="p-button">
              <i className="pi pi-mobile" aria-hidden="true" />
              <span className="p-button-label">{t('account.mfa.add')}</span>
            </Link>
          )}
          <Link to="/u/dashboard" className="p-button p-button-text">
            <span className="p-button-label">{t('common.notFound.back')}</span>
          </Link>
        </div>
      }
    >
      {enrolled === null ? (
        <p>{t('account.mfa.checking')}</p>
      ) : enrolled ? (
        <p>{t('account.mfa.enrolled')}</p>
      ) : (
        <p>{t('account.mfa.notEnrolled')}</p>
      )}
    </EmptyState>
  );
}
