import type { Close } from '@scanline/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { memberships, projects } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { renderEmail } from '../../platform/mail/render-email';
import { sendMail } from '../../platform/mail/send-mail';
import { formatMoney } from '../money';

/**
 * The close report email (issue 25 §1): to the owner and admins when the project's
 * `close_report_email` is on. Sent after the close committed; a mail failure is swallowed here
 * (the close stands and its page has the same figures), and reported to the caller's log.
 */
export async function sendCloseReport(
  ctx: AppContext,
  close: Close,
  log?: { error: (o: object, m: string) => void },
) {
  try {
    const db = ctx.database.db;
    const [project] = await db
      .select({ name: projects.name, on: projects.closeReportEmail, timeZone: projects.timeZone })
      .from(projects)
      .where(eq(projects.id, close.project_id));
    if (!project?.on) return 0;
    const admins = await db
      .select({ email: memberships.email })
      .from(memberships)
      .where(
        and(
          eq(memberships.projectId, close.project_id),
          inArray(memberships.role, ['owner', 'admin']),
          isNotNull(memberships.email),
        ),
      );
    const label = close.terminal_label ?? close.terminal_id;
    const figures = close.totals
      .map(
        (t) =>
          `${t.currency}: ${t.payments_count} payment(s) ${formatMoney(t.gross, t.currency)}, ` +
          `${t.refunds_count} refund(s) ${formatMoney(t.refunds, t.currency)}, net ${formatMoney(t.net, t.currency)}, ` +
          `grand total ${formatMoney(t.grand_total, t.currency)}`,
      )
      .join('; ');
    const closedAt = new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: project.timeZone,
    }).format(new Date(close.closed_at));
    const mail = renderEmail(`Close #${close.number} of ${label}`, {
      heading: `${label}: close #${close.number}`,
      intro: `${project.name} closed ${label} at ${closedAt}. ${figures}.`,
      actionLabel: 'Open the close',
      actionUrl: `${ctx.config.publicUrl}/p/${close.project_id}/closes/${close.id}`,
      outro: 'You get this because you are an owner or admin of the project, which asks for close reports.',
    });
    for (const { email } of admins) await sendMail(ctx, { ...mail, to: email!, kind: 'close_report' });
    return admins.length;
  } catch (error) {
    log?.error({ err: error, close_id: close.id }, 'close report email failed');
    return 0;
  }
}
