/**
 * Every client code of seed §8 (and the SDK's other common ones) as a sentence a person can
 * act on. One table, used inline on forms and in toasts.
 */
const MESSAGES: Record<string, string> = {
  'auth/email-already-in-use':
    'An account with this email already exists. Sign in instead, or reset your password.',
  'auth/invalid-credential': 'That email and password do not match an account. Check them and try again.',
  'auth/wrong-password': 'That password is not right. Try again or reset it.',
  'auth/user-not-found': 'There is no account with this email.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes and try again.',
  'auth/user-disabled': 'This account has been disabled. Contact your administrator.',
  'auth/user-token-expired': 'Your session has ended. Please sign in again.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code':
    'This link is not valid any more: it may have been used already. Ask for a new one.',
  'auth/requires-recent-login': 'For your security, confirm it is you by signing in again.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements listed below.',
  'auth/weak-password': 'Choose a longer password: at least 6 characters.',
  'auth/network-request-failed': 'The server cannot be reached. Check your connection and try again.',
  'auth/argument-error': 'This link is incomplete. Open the link from your email again.',
  'auth/internal-error': 'Something went wrong on our side. Try again in a moment.',
  'auth/user-mismatch': 'You signed in as a different user. Sign in with the account you are changing.',
  'auth/multi-factor-auth-required': 'This account needs the code from its authenticator app as well.',
  'auth/invalid-verification-code': 'That code is not right. Try the code your authenticator app shows now.',
  'auth/invalid-multi-factor-session': 'This sign-in step has expired. Sign in again.',
  'auth/multi-factor-info-not-found': 'That authenticator is not on this account any more.',
  'auth/unverified-email': 'Verify your email address before turning on two-step verification.',
  'auth/maximum-second-factor-count-exceeded':
    'An account can have at most 5 authenticators. Remove one first.',
  'auth/unauthorized-domain': 'This site is not allowed to sign in to this service.',
  'auth/unauthorized-continue-uri': 'That return address is not allowed.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups, or continue in this window.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/cancelled-popup-request': 'Another sign-in window was opened; this one was cancelled.',
  'auth/web-storage-unsupported': 'Your browser blocks storage this site needs to keep you signed in.',
  'auth/invalid-auth-event': 'The sign-in could not be completed. Try again.',
  'auth/invalid-api-key':
    'This console is not configured correctly (invalid API key). Tell your administrator.',
  'auth/operation-not-supported-in-this-environment': 'This browser cannot do this kind of sign-in.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled.',
  'auth/admin-restricted-operation': 'This way of signing in is not enabled.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/account-exists-with-different-credential':
    'An account with this email already exists. Sign in with your password first; your provider is then linked.',
  'auth/credential-already-in-use': 'This sign-in is already linked to another account.',
  'auth/invalid-user-token': 'Your session is not valid any more. Please sign in again.',
  'auth/user-cancelled': 'Sign-in was cancelled.',
  // Ours: a stored session the server no longer accepts (disabled, deleted or revoked).
  'scanline/session-ended':
    'Your session has ended: the account may have been disabled or signed out everywhere. Please sign in again.',
};

export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code && MESSAGES[code]) return MESSAGES[code];
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && message && !message.startsWith('Firebase:')
    ? message
    : 'Something went wrong. Try again.';
}
