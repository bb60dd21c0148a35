import type { Translator } from '../../platform/i18n/catalogue';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import type { RenderedEmail } from '../../platform/mail/render-email';
import type { OobKind } from './oob-codes';

/** The catalogue key of each of the four identity emails (`platform/i18n/messages/emails`). */
const KEYS: Record<OobKind, string> = {
  VERIFY_EMAIL: 'verifyEmail',
  PASSWORD_RESET: 'passwordReset',
  EMAIL_SIGNIN: 'emailSignIn',
  VERIFY_AND_CHANGE_EMAIL: 'changeEmail',
};

/** The four identity emails; wording says what happens and what to do if it was not you. */
export function renderActionEmail(
  t: Translator,
  { kind, link, email }: { kind: OobKind; link: string; email: string },
): RenderedEmail {
  return renderLocalizedEmail(t, KEYS[kind], { email }, { actionUrl: link });
}
