import type { AppContext } from '../../platform/context';
import { renderEmail } from '../../platform/mail/render-email';
import { sendMail } from '../../platform/mail/send-mail';
import type { IssuedInvitation } from './invitation-rows';

/** Emails each new invitation its link (the token is only ever in this email). */
export async function mailInvitations(
  ctx: AppContext,
  { projectName, issued }: { projectName: string; issued: IssuedInvitation[] },
) {
  for (const { invitation, token } of issued) {
    const link = `${ctx.config.publicUrl}/u/dashboard?invitation=${encodeURIComponent(token)}`;
    const mail = renderEmail(`You are invited to ${projectName} on Scanline`, {
      heading: `Join ${projectName}`,
      intro: `You are invited to the Scanline project ${projectName} as ${invitation.role === 'admin' ? 'an admin' : 'a member'}. Sign in as ${invitation.email} to accept. The invitation works for 7 days.`,
      actionLabel: 'Open the invitation',
      actionUrl: link,
      outro: 'If you did not expect this, you can ignore this email.',
    });
    await sendMail(ctx, { ...mail, to: invitation.email, kind: 'invitation' });
  }
}
