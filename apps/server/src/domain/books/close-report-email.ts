import type { Close } from '@scanline/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { memberships, projects } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { withEmailTranslators } from '../../platform/i18n/recipient-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';

/**
 * The close report email: to the owner and admins when the project's
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
      .select({ uid: memberships.uid, email: memberships.email })
      .from(memberships)
      .where(
        and(
          eq(memberships.projectId, close.project_id),
          inArray(memberships.role, ['owner', 'admin']),
          isNotNull(memberships.email),
        ),
      );
    const label = close.terminal_label ?? close.terminal_id;
    const actionUrl = `${ctx.config.publicUrl}/p/${close.project_id}/closes/${close.id}`;
    // Each admin in their own language: amounts and the time through Intl in it.
    for (const admin of await withEmailTranslators(db, admins)) {
      const { t } = admin;
      const figures = close.totals
        .map((x) =>
          t.t('closeReport.figures', {
            currency: x.currency,
            payments: x.payments_count,
            gross: t.money(x.gross, x.currency),
            refunds: x.refunds_count,
            refunded: t.money(x.refunds, x.currency),
            net: t.money(x.net, x.currency),
            grandTotal: t.money(x.grand_total, x.currency),
          }),
        )
        .join(t.t('closeReport.separator'));
      const mail = renderLocalizedEmail(
        t,
        'closeReport',
        {
          number: String(close.number),
          terminal: label,
          project: project.name,
          closedAt: t.dateTime(close.closed_at, project.timeZone),
          figures,
        },
        { actionUrl },
      );
      await sendMail(ctx, { ...mail, to: admin.email!, kind: 'close_report' });
    }
    return admins.length;
  } catch (error) {
    log?.error({ err: error, close_id: close.id }, 'close report email failed');
    return 0;
  }
}
