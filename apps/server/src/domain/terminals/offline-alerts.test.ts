import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../db/schema';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeTerminal } from '../../test/payment-factories';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { sendTerminalAlerts } from './offline-alerts';

describe('offline alerts', () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    team = await makeTeam(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const patch = (auth: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/projects/${team.project.id}`, headers: auth, payload });
  const setStatus = (id: string, status: 'online' | 'offline', minutesAgo: number) =>
    t.ctx.database.db
      .update(terminals)
      .set({ status, lastSeenAt: new Date(t.ctx.now().getTime() - minutesAgo * 60_000) })
      .where(eq(terminals.id, id));
  const mailTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

  it('is a project setting admins and the owner may set (1–1440 minutes, or null for off)', async () => {
    expect((await patch(team.member.auth, { terminal_offline_alert_minutes: 5 })).statusCode).toBe(403);
    for (const bad of [0, 1441, 2.5, '5']) {
      const res = await patch(team.admin.auth, { terminal_offline_alert_minutes: bad });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
    const off = await patch(team.admin.auth, { terminal_offline_alert_minutes: null });
    expect(off.json()).toMatchObject({ terminal_offline_alert_minutes: null });
    const on = await patch(team.owner.auth, { terminal_offline_alert_minutes: 5 });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ terminal_offline_alert_minutes: 5 });
  });

  it('sends nothing for projects without the setting', async () => {
    const off = await patch(team.owner.auth, { terminal_offline_alert_minutes: null });
    expect(off.json()).toMatchObject({ terminal_offline_alert_minutes: null });
    const terminal = await makeTerminal(t.ctx.database.db, team.project.id, { label: 'Quiet one' });
    await setStatus(terminal.id, 'offline', 600);
    expect((await sendTerminalAlerts(t.ctx)).offline).toBe(0);
    await t.ctx.database.db.delete(terminals).where(eq(terminals.id, terminal.id));
    expect((await patch(team.owner.auth, { terminal_offline_alert_minutes: 5 })).statusCode).toBe(200);
  });

  it('emails owner and admins once when a terminal stays offline, once when it is back, at most hourly', async () => {
    const terminal = await makeTerminal(t.ctx.database.db, team.project.id, { label: 'Patio tablet' });
    const owner = team.owner.user.email!;
    const admin = team.admin.user.email!;
    const member = team.member.user.email!;

    // Offline for 3 minutes: not yet (the project says 5).
    await setStatus(terminal.id, 'offline', 3);
    expect(await sendTerminalAlerts(t.ctx)).toEqual({ offline: 0, online: 0 });

    await setStatus(terminal.id, 'offline', 6);
    expect(await sendTerminalAlerts(t.ctx)).toEqual({ offline: 1, online: 0 });
    const alert = await smtp.waitForMail(owner, { subject: /Terminal offline: Patio tablet/ });
    expect(alert.text).toMatch(/last seen/);
    // The console's date format, the project's zone named.
    expect(alert.text).toMatch(/last seen \d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2} [AP]M \S+\./);
    expect(alert.links.some((l) => l.includes(`/terminals/${terminal.id}`))).toBe(true);
    await smtp.waitForMail(admin, { subject: /Terminal offline/ });
    expect(mailTo(member)).toHaveLength(0);
    // Still offline: nothing more.
    expect(await sendTerminalAlerts(t.ctx)).toEqual({ offline: 0, online: 0 });

    await setStatus(terminal.id, 'online', 0);
    expect(await sendTerminalAlerts(t.ctx)).toEqual({ offline: 0, online: 1 });
    await smtp.waitForMail(owner, { subject: /Terminal back online: Patio tablet/ });
    await smtp.waitForMail(admin, { subject: /back online/ });

    // Offline again within the hour: no second alert until the hour has passed.
    await setStatus(terminal.id, 'offline', 10);
    expect(await sendTerminalAlerts(t.ctx)).toEqual({ offline: 0, online: 0 });
    t.advance(61 * 60_000);
    expect(await sendTerminalAlerts(t.ctx)).toEqual({ offline: 1, online: 0 });
    await smtp.waitForMail(owner, { subject: /Terminal offline/ });
  });
});
