import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { authErrorCode, authErrorMessage } from '../errors';

/** Why a link did not work, and what to do for a spent or unknown one. */
export function ActionFailure({ error }: { error: unknown }) {
  const code = authErrorCode(error);
  const next =
    code === 'auth/expired-action-code' || code === 'auth/invalid-action-code' ? (
      <p>
        Links work once and for a limited time. <Link to="/forgot-password">Ask for a new reset link</Link>,
        or <Link to="/login">sign in</Link> and resend the verification email from the banner.
      </p>
    ) : null;
  return (
    <>
      <Message severity="error" text={authErrorMessage(error)} className="auth-message" role="alert" />
      {next}
    </>
  );
}
