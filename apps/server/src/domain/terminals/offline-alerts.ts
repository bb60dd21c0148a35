import { formatDateTime } from '@scanline/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { renderEmail } from '../../platform/mail/render-email';
import { sendMail } from '../../platform/mail/send-mail';
import { rowsOf } from '../../platform/sql-rows';

/** Issue 15 §6: at most one "offline" email per terminal per hour. */
const ALERT_EVERY = '1 hour';

interface AlertRow {
  id: string;
  project_id: string;
  label: string;
  last_seen_at: string | Date | null;
  project_name: string;
  time_zone: string;
}

/**
 * Offline alerts (issue 15 §6): a terminal offline for the project's
 * `terminal_offline_alert_minutes` gets one email to the owner and admins; when it is back, one
 * "back online" email. Each alert is claimed by one guarded UPDATE (SKIP LOCKED), so with many
 * replicas every email goes out once. Returns how many emails of each kind were sent.
 */
export async function sendTerminalAlerts(ctx: AppContext): Promise<{ offline: number; online: number }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const wentOffline = await rowsOf<AlertRow>(
    db,
    sql`update terminals t set offline_alert_open = true, offline_alert_sent_at = ${now}
        from projects p
        where p.id = t.project_id and p.deleted_at is null and p.terminal_offline_alert_minutes is not null
          and t.status = 'offline' and not t.offline_alert_open
          and coalesce(t.last_seen_at, t.updated_at) < ${now}::timestamptz - make_interval(mins => p.terminal_offline_alert_minutes)
          and (t.offline_alert_sent_at is null or t.offline_alert_sent_at < ${now}::timestamptz - ${ALERT_EVERY}::interval)
          and t.id in (select id from terminals where status = 'offline' and not offline_alert_open for update skip locked)
        returning t.id, t.project_id, t.label, t.last_seen_at, p.name as project_name, p.time_zone`,
  );
  const cameBack = await rowsOf<AlertRow>(
    db,
    sql`update terminals t set offline_alert_open = false
        from projects p
        where p.id = t.project_id and t.offline_alert_open and t.status in ('online', 'disabled')
          and t.id in (select id from terminals where offline_alert_open for update skip locked)
        returning t.id, t.project_id, t.label, t.last_seen_at, p.name as project_name, p.time_zone`,
  );
  // One terminal's mail failing must not cost the others theirs (the claims are already made).
  const failures: unknown[] = [];
  for (const [rows, kind] of [
    [wentOffline, 'offline'],
    [cameBack, 'online'],
  ] as const) {
    for (const t of rows) await tellAdmins(ctx, t, kind).catch((error) => failures.push(error));
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} terminal alert(s) not sent`);
  return { offline: wentOffline.length, online: cameBack.length };
}

async function tellAdmins(ctx: AppContext, t: AlertRow, kind: 'offline' | 'online') {
  const admins = await ctx.database.db
    .select({ email: memberships.email })
    .from(memberships)
    .where(
      and(
        eq(memberships.projectId, t.project_id),
        inArray(memberships.role, ['owner', 'admin']),
        isNotNull(memberships.email),
      ),
    );
  // The console's one date formatter (issue 31 §11), in the project's zone, the zone named.
  const seen = t.last_seen_at
    ? formatDateTime(t.last_seen_at, { timeZone: t.time_zone, withZone: true })
    : 'never';
  const mail =
    kind === 'offline'
      ? renderEmail(`Terminal offline: ${t.label}`, {
          heading: `${t.label} is offline`,
          intro: `The terminal ${t.label} of ${t.project_name} was last seen ${seen}. Check that it is switched on and connected; shoppers can still pay with its sticker QR code.`,
          actionLabel: 'Open the terminal',
          actionUrl: `${ctx.config.publicUrl}/p/${t.project_id}/terminals/${t.id}`,
          outro:
            'You get this because you are an owner or admin of the project, which asks for offline alerts.',
        })
      : renderEmail(`Terminal back online: ${t.label}`, {
          heading: `${t.label} is back online`,
          intro: `The terminal ${t.label} of ${t.project_name} is taking payments again.`,
          actionLabel: 'Open the terminal',
          actionUrl: `${ctx.config.publicUrl}/p/${t.project_id}/terminals/${t.id}`,
        });
  for (const { email } of admins) {
    await sendMail(ctx, { ...mail, to: email!, kind: `terminal_${kind}` });
  }
}
