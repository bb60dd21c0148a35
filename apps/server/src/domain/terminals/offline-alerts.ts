import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { withEmailTranslators } from '../../platform/i18n/recipient-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';
import { rowsOf } from '../../platform/sql-rows';

/** At most one "offline" email per terminal per hour. */
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
 * Offline alerts: a terminal offline for the project's
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
    .select({ uid: memberships.uid, email: memberships.email })
    .from(memberships)
    .where(
      and(
        eq(memberships.projectId, t.project_id),
        inArray(memberships.role, ['owner', 'admin']),
        isNotNull(memberships.email),
      ),
    );
  const values = { terminal: t.label, project: t.project_name };
  const actionUrl = `${ctx.config.publicUrl}/p/${t.project_id}/terminals/${t.id}`;
  // Each admin in their own language; the time in the project's zone, the zone named.
  for (const admin of await withEmailTranslators(ctx.database.db, admins)) {
    const mail =
      kind === 'offline'
        ? renderLocalizedEmail(
            admin.t,
            'terminalOffline',
            { ...values, seen: t.last_seen_at ? admin.t.dateTime(t.last_seen_at, t.time_zone) : 'never' },
            { actionUrl },
          )
        : renderLocalizedEmail(admin.t, 'terminalOnline', values, { actionUrl });
    await sendMail(ctx, { ...mail, to: admin.email!, kind: `terminal_${kind}` });
  }
}
