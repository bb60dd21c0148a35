import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { memberships, type webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { withEmailTranslators } from '../../platform/i18n/recipient-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Tells the project's owner and admins that the system disabled an endpoint. */
export async function notifyEndpointDisabled(ctx: AppContext, endpoint: EndpointRow) {
  const admins = await ctx.database.db
    .select({ uid: memberships.uid, email: memberships.email })
    .from(memberships)
    .where(
      and(
        eq(memberships.projectId, endpoint.projectId),
        inArray(memberships.role, ['owner', 'admin']),
        isNotNull(memberships.email),
      ),
    );
  const actionUrl = `${ctx.config.publicUrl}/p/${endpoint.projectId}/webhooks/${endpoint.id}`;
  // Each admin in their own language.
  for (const admin of await withEmailTranslators(ctx.database.db, admins)) {
    const mail = renderLocalizedEmail(
      admin.t,
      'webhookDisabled',
      { url: endpoint.url, reason: endpoint.disabledReason === 'gone' ? 'gone' : 'failing' },
      { actionUrl },
    );
    await sendMail(ctx, { ...mail, to: admin.email!, kind: 'webhook_disabled' });
  }
}
