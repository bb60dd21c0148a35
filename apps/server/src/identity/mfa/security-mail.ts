import type { AppContext } from '../../platform/context';
import { emailTranslatorFor } from '../../platform/i18n/recipient-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';
import type { IdentityUser } from '../users/find-user';

export type MfaSecurityEvent =
  | { kind: 'factor_added'; name: string }
  | { kind: 'factor_removed'; name: string }
  | { kind: 'recovery_code_used'; remaining: number };

/** The catalogue key of each event's email (`platform/i18n/messages/emails`). */
const KEYS = {
  factor_added: 'mfaAdded',
  factor_removed: 'mfaRemoved',
  recovery_code_used: 'recoveryCodeUsed',
} as const;

/**
 * Security emails about two-step verification, in the account's language, else the request's
 *. A mail failure must not undo the change the user just made, so it is logged
 * and swallowed.
 */
export async function sendMfaSecurityMail(
  ctx: AppContext,
  {
    user,
    event,
    log,
    languages = [],
  }: {
    user: IdentityUser;
    event: MfaSecurityEvent;
    log?: { warn: (o: object, m: string) => void };
    languages?: readonly string[];
  },
) {
  if (!user.email) return;
  const settings = new URL('/u/settings/security', ctx.config.publicUrl).toString();
  try {
    const t = await emailTranslatorFor(ctx.database.db, { uid: user.uid, languages });
    const values =
      event.kind === 'recovery_code_used'
        ? { email: user.email, remaining: event.remaining }
        : { email: user.email, name: event.name || t.t('mfa.defaultName') };
    const mail = renderLocalizedEmail(t, KEYS[event.kind], values, { actionUrl: settings });
    await sendMail(ctx, { ...mail, to: user.email, kind: `mfa_${event.kind}` });
  } catch (error) {
    log?.warn({ err: error, kind: event.kind }, 'mfa security mail not sent');
  }
}
