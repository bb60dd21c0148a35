import { translate } from '../lib/i18n/current-locale';
import type { MessageId } from '../messages/keys';

/**
 * Every client code of seed §8 (and the SDK's other common ones) as a sentence a person can
 * act on, in the reader's language (the texts are in the `auth` catalogue). One table,
 * used inline on forms and in toasts.
 */
const MESSAGES: Record<string, MessageId> = {
  'auth/email-already-in-use': 'auth.error.emailAlreadyInUse',
  'auth/invalid-credential': 'auth.error.invalidCredential',
  'auth/wrong-password': 'auth.error.wrongPassword',
  'auth/user-not-found': 'auth.error.userNotFound',
  'auth/too-many-requests': 'auth.error.tooManyRequests',
  'auth/user-disabled': 'auth.error.userDisabled',
  'auth/user-token-expired': 'auth.error.userTokenExpired',
  'auth/expired-action-code': 'auth.error.expiredActionCode',
  'auth/invalid-action-code': 'auth.error.invalidActionCode',
  'auth/requires-recent-login': 'auth.error.requiresRecentLogin',
  'auth/password-does-not-meet-requirements': 'auth.error.passwordDoesNotMeetRequirements',
  'auth/weak-password': 'auth.error.weakPassword',
  'auth/network-request-failed': 'auth.error.networkRequestFailed',
  'auth/argument-error': 'auth.error.argumentError',
  'auth/internal-error': 'auth.error.internalError',
  'auth/user-mismatch': 'auth.error.userMismatch',
  'auth/multi-factor-auth-required': 'auth.error.multiFactorAuthRequired',
  'auth/invalid-verification-code': 'auth.error.invalidVerificationCode',
  'auth/invalid-multi-factor-session': 'auth.error.invalidMultiFactorSession',
  'auth/multi-factor-info-not-found': 'auth.error.multiFactorInfoNotFound',
  'auth/unverified-email': 'auth.error.unverifiedEmail',
  'auth/maximum-second-factor-count-exceeded': 'auth.error.maximumSecondFactorCountExceeded',
  'auth/unauthorized-domain': 'auth.error.unauthorizedDomain',
  'auth/unauthorized-continue-uri': 'auth.error.unauthorizedContinueUri',
  'auth/popup-blocked': 'auth.error.popupBlocked',
  'auth/popup-closed-by-user': 'auth.error.popupClosedByUser',
  'auth/cancelled-popup-request': 'auth.error.cancelledPopupRequest',
  'auth/web-storage-unsupported': 'auth.error.webStorageUnsupported',
  'auth/invalid-auth-event': 'auth.error.invalidAuthEvent',
  'auth/invalid-api-key': 'auth.error.invalidApiKey',
  'auth/operation-not-supported-in-this-environment': 'auth.error.operationNotSupportedInThisEnvironment',
  'auth/operation-not-allowed': 'auth.error.operationNotAllowed',
  'auth/admin-restricted-operation': 'auth.error.adminRestrictedOperation',
  'auth/invalid-email': 'auth.error.invalidEmail',
  'auth/missing-email': 'auth.error.missingEmail',
  'auth/missing-password': 'auth.error.missingPassword',
  'auth/account-exists-with-different-credential': 'auth.error.accountExistsWithDifferentCredential',
  'auth/credential-already-in-use': 'auth.error.credentialAlreadyInUse',
  'auth/invalid-user-token': 'auth.error.invalidUserToken',
  'auth/user-cancelled': 'auth.error.userCancelled',
  'scanline/session-ended': 'auth.error.sessionEnded',
};

export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  const id = code ? MESSAGES[code] : undefined;
  if (id) return translate(id);
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && message && !message.startsWith('Firebase:')
    ? message
    : translate('auth.error.unknown');
}
