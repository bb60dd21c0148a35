import { Link, useSearchParams } from 'react-router';
import { useT } from '../lib/i18n/console-intl';
import { AuthCard } from './AuthCard';
import { ActionFailure } from './action/ActionFailure';
import { ApplyActionCode } from './action/ApplyActionCode';
import { MODES, type Mode, safeContinuePath } from './action/action-link';
import { EmailLinkSignIn } from './action/EmailLinkSignIn';
import { ResetPasswordAction } from './action/ResetPasswordAction';

/** Seed §2: /auth/action needs an API key, a one-time code and a mode; otherwise argument-error. */
export default function AuthActionPage() {
  const [params] = useSearchParams();
  const { t } = useT();
  const mode = params.get('mode') as Mode | null;
  const oobCode = params.get('oobCode');
  const apiKey = params.get('apiKey');
  const continuePath = safeContinuePath(params.get('continueUrl'));
  if (!mode || !oobCode || !apiKey || !MODES.includes(mode)) {
    return (
      <AuthCard
        title={t('auth.action.incomplete')}
        footer={<Link to="/login">{t('auth.action.goToSignIn')}</Link>}
      >
        <ActionFailure error={{ code: 'auth/argument-error' }} />
      </AuthCard>
    );
  }
  const props = { oobCode, continuePath };
  switch (mode) {
    case 'resetPassword':
      return <ResetPasswordAction {...props} />;
    case 'signIn':
      return <EmailLinkSignIn {...props} />;
    default:
      return <ApplyActionCode {...props} mode={mode} />;
  }
}
