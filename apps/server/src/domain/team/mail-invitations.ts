import type { AppContext } from '../../platform/context';
import { invitationTranslatorFor } from '../../platform/i18n/recipient-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';
import type { IssuedInvitation } from './invitation-rows';

/**
 * Emails each new invitation its link (the token is only ever in this email), in the invitee's
 * language when they have an account, else the inviter's.
 */
export async function mailInvitations(
  ctx: AppContext,
  {
    projectName,
    issued,
    inviterUid = null,
    languages = [],
  }: {
    projectName: string;
    issued: IssuedInvitation[];
    /** The person inviting (an API key has no language of its own). */
    inviterUid?: string | null;
    /** The inviting request's languages (`Accept-Language`). */
    languages?: readonly string[];
  },
) {
  for (const { invitation, token } of issued) {
    const link = `${ctx.config.publicUrl}/u/dashboard?invitation=${encodeURIComponent(token)}`;
    const t = await invitationTranslatorFor(ctx.database.db, {
      email: invitation.email,
      inviterUid,
      languages,
    });
    const mail = renderLocalizedEmail(
      t,
      'invitation',
      { project: projectName, role: invitation.role, email: invitation.email },
      { actionUrl: link },
    );
    await sendMail(ctx, { ...mail, to: invitation.email, kind: 'invitation' });
  }
}
