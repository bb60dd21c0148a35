import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../../test/payment-factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';

describe('receipts', () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  let terminalId: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    team = await makeTeam(t);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
      payload: {
        legal_name: 'Acme Coffee LLC',
        support_email: 'help@acme.example',
        address: { line1: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' },
      },
    });
    expect(patched.statusCode).toBe(200);
    terminalId = (await makeTerminal(t.ctx.database.db, team.project.id, { label: 'Front counter' })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const scanFor = async () => {
    const txn = await makeTransaction(t.ctx.database.db, team.project.id, terminalId, { amount: 1250 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    return { txn, scan: res.json() as { id: string } };
  };
  const pay = (scanId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
  const emailIt = (scanId: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/receipt`,
      payload: { email },
      remoteAddress: nextIp(),
    });
  const mainRead = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${team.project.id}/transactions/${id}`,
        headers: team.owner.auth,
      })
    ).json();

  it('a succeeded payment has a receipt page with the business, card, time and number; refunds show on it', async () => {
    const { txn, scan } = await scanFor();
    expect(
      (await mainRead(txn.id)).transaction?.receipt_url ?? (await mainRead(txn.id)).receipt_url,
    ).toBeNull();
    const paid = await pay(scan.id);
    const receiptUrl = paid.json().receipt_url as string;
    expect(receiptUrl).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/receipts/[A-Za-z0-9]{32}$`));
    expect((await mainRead(txn.id)).receipt_url).toBe(receiptUrl);
    const shopper = await t.app.inject({
      method: 'GET',
      url: `/mobile/v1/scans/${scan.id}`,
      remoteAddress: nextIp(),
    });
    expect(shopper.json().transaction.receipt_url).toBe(receiptUrl);

    const page = await t.app.inject({ method: 'GET', url: new URL(receiptUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    for (const text of [
      'Acme Coffee',
      'Acme Coffee LLC',
      '1 Main St',
      'help@acme.example',
      '$12.50',
      'Visa •••• 4242',
      'R-',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toMatch(/[EC][SD]T/); // the project's zone, America/New_York
    // Written as the console writes dates ("11/26/26 3:26 AM EST").
    expect(page.body).toMatch(/\d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2} [AP]M E[SD]T/);
    expect(page.body).not.toContain('<script');

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
      headers: { ...team.owner.auth, 'idempotency-key': `refund-${txn.id}` },
      payload: { amount: 250 },
    });
    expect(refund.statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: new URL(receiptUrl).pathname });
    expect(after.body).toContain('Partly refunded: $2.50');
    expect(after.body).toContain('-$2.50');
  });

  it('unknown receipts are 404; a pending payment has none', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/receipts/abcdefghijklmnopqrstuvwxyz012345' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/receipts/x' })).statusCode).toBe(404);
    const { scan } = await scanFor();
    const early = await emailIt(scan.id, 'shopper@example.test');
    expect(early.statusCode).toBe(409);
  });

  it('emails the receipt to the address typed, at most 3 times per transaction', async () => {
    const { scan } = await scanFor();
    const receiptUrl = (await pay(scan.id)).json().receipt_url as string;
    expect((await emailIt(scan.id, 'not-an-email')).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) {
      const sent = await emailIt(scan.id, `shopper${i}@example.test`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent: true, emails_left: 2 - i });
      const mail = await smtp.waitForMail(`shopper${i}@example.test`, {
        subject: /Your receipt from Acme Coffee/,
      });
      expect(mail.links).toContain(`${receiptUrl}?lang=en`);
    }
    const fourth = await emailIt(scan.id, 'shopper3@example.test');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['content-type']).toMatch(/problem\+json/);
  });
});
