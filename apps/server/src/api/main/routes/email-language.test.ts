import type { Close } from '@scanline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { webhookEndpoints } from '../../../db/schema';
import { sendCloseReport } from '../../../domain/books/close-report-email';
import { notifyEndpointDisabled } from '../../../domain/webhooks/notify-disabled';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { signedInUser } from '../../../test/tokens';

/**
 * Invitations and the project's alerts are written in each recipient's language —
 * an invitee without an account gets the inviter's — read from a real SMTP peer.
 */
describe('invitations and alerts in the recipient’s language', () => {
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

  const chooseLanguage = async (auth: { authorization: string }, locale: string | null) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: auth,
      payload: { locale },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const invite = (emails: string[], headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/invitations`,
      headers: { ...team.owner.auth, ...headers },
      payload: { emails, role: 'admin' },
    });

  it('someone without an account gets the German inviter’s German, subject and body', async () => {
    await chooseLanguage(team.owner.auth, 'de');
    const res = await invite(['neu@example.test'], { 'accept-language': 'fr' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitForMail('neu@example.test');
    expect(mail.subject).toBe('Einladung zu Downtown store auf Scanline');
    expect(mail.text).toContain(
      'Sie sind zum Scanline-Projekt Downtown store als Admin eingeladen. Melden Sie sich als neu@example.test an',
    );
    expect(mail.text).toContain('Einladung öffnen: http');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('someone with an account gets their own language', async () => {
    const invitee = await signedInUser(t.ctx);
    await chooseLanguage(invitee.auth, 'es');
    expect((await invite([invitee.user.email!])).statusCode).toBe(201);
    const mail = await smtp.waitForMail(invitee.user.email!);
    expect(mail.subject).toBe('Le han invitado a Downtown store en Scanline');
    expect(mail.text).toContain('como administrador');
  });

  it('an inviter who chose no language: their request’s Accept-Language', async () => {
    await chooseLanguage(team.owner.auth, null);
    expect((await invite(['nouveau@example.test'], { 'accept-language': 'fr-BE,fr;q=0.9' })).statusCode).toBe(
      201,
    );
    expect((await smtp.waitForMail('nouveau@example.test')).subject).toBe(
      'Vous êtes invité·e à Downtown store sur Scanline',
    );
  });

  it('an alert to the owner and admins: each in their own language, English when none is chosen', async () => {
    await chooseLanguage(team.owner.auth, null);
    await chooseLanguage(team.admin.auth, 'de');
    const endpoint = {
      id: 'whe_test',
      projectId: team.project.id,
      url: 'https://hooks.example.test/scanline',
      disabledReason: 'gone',
    } as typeof webhookEndpoints.$inferSelect;
    await notifyEndpointDisabled(t.ctx, endpoint);
    const german = await smtp.waitForMail(team.admin.user.email!, { subject: /Webhook/ });
    expect(german.subject).toBe('Ein Webhook-Endpunkt wurde deaktiviert');
    expect(german.text).toContain(
      'Scanline sendet nicht mehr an https://hooks.example.test/scanline, weil der Empfänger mit 410 Gone geantwortet hat',
    );
    const english = await smtp.waitForMail(team.owner.user.email!, { subject: /webhook/i });
    expect(english.subject).toBe('A webhook endpoint was disabled');
    expect(english.html).toContain('<html lang="en">');
  });

  it('a close report to a German admin: German words, plurals, money and date', async () => {
    await chooseLanguage(team.admin.auth, 'de');
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { close_report_email: true, time_zone: 'Europe/Berlin' },
    });
    expect(on.statusCode, on.body).toBe(200);
    const close = {
      id: 'cls_test',
      project_id: team.project.id,
      terminal_id: 'trm_test',
      terminal_label: 'Kasse 1',
      number: 12,
      closed_at: '2026-11-25T21:00:00.000Z',
      totals: [
        {
          currency: 'USD',
          payments_count: 3,
          gross: 4190,
          refunds_count: 1,
          refunds: 400,
          net: 3790,
          grand_total: 3790,
        },
      ],
    } as unknown as Close;
    expect(await sendCloseReport(t.ctx, close)).toBe(2);
    const mail = await smtp.waitForMail(team.admin.user.email!, { subject: /Kasse 1/ });
    expect(mail.subject).toBe('Abschluss Nr. 12 von Kasse 1');
    expect(mail.text.replace(/\s/g, ' ')).toContain(
      'Downtown store hat Kasse 1 am 25.11.26 22:00 MEZ abgeschlossen. USD: 3 Zahlungen 41,90 $, 1 Erstattung 4,00 $, Saldo 37,90 $, Gesamtsumme 37,90 $.',
    );
  });
});
