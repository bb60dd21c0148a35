import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { memberships, type webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { renderEmail } from '../../platform/mail/render-email';
import { sendMail } from '../../platform/mail/send-mail';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Tells the project's owner and admins that the system disabled an endpoint (PRODUCT §2). */
export async function notifyEndpointDisabled(ctx: AppContext, endpoint: EndpointRow) {
  const admins = await ctx.database.db
    .select({ email: memberships.email })
    .from(memberships)
    .where(
      and(
        eq(memberships.projectId, endpoint.projectId),
        inArray(memberships.role, ['owner', 'admin']),
        isNotNull(memberships.email),
      ),
    );
  const why =
    endpoint.disabledReason === 'gone'
      ? 'it answered 410 Gone, which means the receiver no longer exists'
      : 'every delivery to it has failed for 5 days';
  const mail = renderEmail('A webhook endpoint was disabled', {
    heading: 'Webhook endpoint disabled',
    intro: `Scanline stopped sending to ${endpoint.url} because ${why}. Fix the receiver, enable the endpoint again, and recover the failed deliveries.`,
    actionLabel: 'Open the endpoint',
    actionUrl: `${ctx.config.publicUrl}/p/${endpoint.projectId}/webhooks/${endpoint.id}`,
  });
  for (const { email } of admins) {
    await sendMail(ctx, { ...mail, to: email!, kind: 'webhook_disabled' });
  }
}
