import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { authErrorCode, authErrorMessage } from '../errors';

/** Why a link did not work, and what to do for a spent or unknown one. */
export function ActionFailure({ error }: { error: unknown }) {
  const { rich } = useT();
  const code = authErrorCode(error);
  const next =
    code === 'auth/expired-action-code' || code === 'auth/invalid-action-code' ? (
      <p>
        {rich('auth.action.spent', {
          reset: (chunks) => <Link to="/forgot-password">{chunks}</Link>,
          login: (chunks) => <Link to="/login">{chunks}</Link>,
        })}
      </p>
    ) : null;
  return (
    <>
      <Message severity="error" text={authErrorMessage(error)} className="auth-message" role="alert" />
      {next}
    </>
  );
}
