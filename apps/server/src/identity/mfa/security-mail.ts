import type { AppContext } from '../../platform/context';
import { renderEmail } from '../../platform/mail/render-email';
import { sendMail } from '../../platform/mail/send-mail';
import type { IdentityUser } from '../users/find-user';

export type MfaSecurityEvent =
  | { kind: 'factor_added'; name: string }
  | { kind: 'factor_removed'; name: string }
  | { kind: 'recovery_code_used'; remaining: number };

/**
 * Security emails about two-step verification. A mail failure must not undo the change the
 * user just made, so it is logged and swallowed.
 */
export async function sendMfaSecurityMail(
  ctx: AppContext,
  user: IdentityUser,
  event: MfaSecurityEvent,
  log?: { warn: (o: object, m: string) => void },
) {
  if (!user.email) return;
  const settings = new URL('/u/settings/security', ctx.config.publicUrl).toString();
  const outro = 'If this was not you, reset your password now and contact your Scanline operator.';
  const mail =
    event.kind === 'factor_added'
      ? renderEmail('Two-step verification added to your Scanline account', {
          heading: 'An authenticator was added',
          intro: `The authenticator "${event.name || 'Authenticator'}" now protects the Scanline account ${user.email}: signing in asks for its code.`,
          actionLabel: 'Review security settings',
          actionUrl: settings,
          outro,
        })
      : event.kind === 'factor_removed'
        ? renderEmail('Two-step verification removed from your Scanline account', {
            heading: 'An authenticator was removed',
            intro: `The authenticator "${event.name || 'Authenticator'}" no longer protects the Scanline account ${user.email}.`,
            actionLabel: 'Review security settings',
            actionUrl: settings,
            outro,
          })
        : renderEmail('A recovery code was used on your Scanline account', {
            heading: 'A recovery code was used to sign in',
            intro: `Someone signed in to ${user.email} with a recovery code instead of an authenticator code. ${event.remaining} of your recovery codes ${event.remaining === 1 ? 'is' : 'are'} left.`,
            actionLabel: 'Make new recovery codes',
            actionUrl: settings,
            outro,
          });
  try {
    await sendMail(ctx, { ...mail, to: user.email, kind: `mfa_${event.kind}` });
  } catch (error) {
    log?.warn({ err: error, kind: event.kind }, 'mfa security mail not sent');
  }
}
