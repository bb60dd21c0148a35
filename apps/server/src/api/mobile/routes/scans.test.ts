import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, paymentAttempts, scans, simulatorCharges, transactions } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../../test/payment-factories';
import { sweepTerminalsOnce } from '../../../workers/terminal-sweeper';

describe('mobile API: scan and pay with the simulator', () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  let terminalId: string;
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    terminalId = (await makeTerminal(db(), team.project.id, { label: 'Front counter' })).id;
  });
  afterAll(() => t.close());

  const open = async (token: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token },
      remoteAddress: ip,
      headers: { 'user-agent': 'PhoneBrowser/1.0', 'x-app-version': '2.3.1' },
    });
  const pay = (scanId: string, payment_method: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/payments`,
      payload: { payment_method },
      remoteAddress: ip,
    });
  const scanFor = async (opts: Parameters<typeof makeTransaction>[3] = {}) => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, opts);
    const res = await open(txn.paymentToken);
    expect(res.statusCode).toBe(201);
    return { txn, scan: res.json() };
  };
  const txnRow = async (id: string) =>
    (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;

  it('opens a scan: merchant, amount, terminal; records it with its event', async () => {
    const { txn, scan } = await scanFor({ amount: 4599, currency: 'EUR' });
    expect(scan).toEqual({
      id: expect.stringMatching(/^scn_/),
      transaction: {
        id: txn.id,
        amount: 4599,
        currency: 'EUR',
        status: 'pending',
        expires_at: txn.expiresAt.toISOString(),
        failure_code: null,
        failure_message: null,
        last_payment_error: null,
        receipt_url: null,
        note: null,
        tip_amount: 0,
        amount_total: 4599,
      },
      // The project asks for no tip.
      tipping: null,
      merchant: { name: 'Acme Coffee' },
      terminal: { label: 'Front counter' },
      provider: 'simulator',
      stripe: null,
    });
    const [row] = await db().select().from(scans).where(eq(scans.id, scan.id));
    expect(row).toMatchObject({ outcome: 'opened', userAgent: 'PhoneBrowser/1.0', appVersion: '2.3.1' });
    const [event] = await db().select().from(events).where(eq(events.objectId, scan.id));
    expect(event).toMatchObject({ type: 'scan.created', projectId: team.project.id });
    const read = await t.app.inject({
      method: 'GET',
      url: `/mobile/v1/scans/${scan.id}`,
      remoteAddress: nextIp(),
    });
    expect(read.json()).toEqual(scan);
  });

  it('unknown token is 404 problem+json; bad body is 400', async () => {
    const res = await open('nope-nope-nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: 'x', extra: 1 },
      remoteAddress: nextIp(),
    });
    expect(bad.statusCode).toBe(400);
  });

  const cards = [
    ['pm_card_visa', { status: 'succeeded' }, 'succeeded', 'visa', '4242'],
    ['pm_card_mastercard', { status: 'succeeded' }, 'succeeded', 'mastercard', '4444'],
  ] as const;
  for (const [method, answer, status, brand, last4] of cards) {
    it(`${method} → ${answer.status}`, async () => {
      const { txn, scan } = await scanFor();
      const res = await pay(scan.id, method);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject(answer);
      const row = await txnRow(txn.id);
      expect(row).toMatchObject({ status, cardBrand: brand, cardLast4: last4 });
      const [attempt] = await db()
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.transactionId, txn.id));
      expect(attempt).toMatchObject({ status, paymentMethod: method, scanId: scan.id });
      const types = (await db().select().from(events).where(eq(events.objectId, txn.id))).map((e) => e.type);
      expect(types).toEqual(['transaction.succeeded']);
      const [scanRow] = await db().select().from(scans).where(eq(scans.id, scan.id));
      expect(scanRow!.outcome).toBe('paid');
      // Paying again charges nothing more and answers the same.
      expect((await pay(scan.id, 'pm_card_visa')).json()).toMatchObject(answer);
      const [{ n }] = (await db()
        .select({ n: count() })
        .from(simulatorCharges)
        .where(eq(simulatorCharges.idempotencyKey, txn.id))) as [{ n: number }];
      expect(n).toBe(1);
    });
  }

  it('pm_card_authenticationRequired → requires_action, then the confirm step succeeds once', async () => {
    const { txn, scan } = await scanFor();
    const res = await pay(scan.id, 'pm_card_authenticationRequired');
    expect(res.json()).toEqual({
      status: 'requires_action',
      next_action: {
        type: 'confirm_payment',
        confirm_url: expect.stringContaining(`/mobile/v1/scans/${scan.id}/payments/confirm`),
      },
    });
    expect((await txnRow(txn.id)).status).toBe('requires_action');
    const confirms = await Promise.all(
      // With no body, or an empty JSON object, as browsers' fetch wrappers send it.
      Array.from({ length: 3 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/mobile/v1/scans/${scan.id}/payments/confirm`,
          remoteAddress: nextIp(),
          ...(i === 0 ? {} : { payload: {} }),
        }),
      ),
    );
    expect(confirms.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(confirms.some((c) => c.json().status === 'succeeded')).toBe(true);
    expect(await txnRow(txn.id)).toMatchObject({ status: 'succeeded', cardLast4: '3184' });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}`,
      headers: team.owner.auth,
    });
    expect(history.json().status_history.map((h: { status: string }) => h.status)).toEqual([
      'processing',
      'requires_action',
      'processing',
      'succeeded',
    ]);
  });

  it('an unknown payment method is a 400 and changes nothing', async () => {
    const { txn, scan } = await scanFor();
    const res = await pay(scan.id, 'pm_card_unknown');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('payment_method_invalid');
    expect((await txnRow(txn.id)).status).toBe('pending');
  });

  it('ten concurrent payments → exactly one charge and one succeeded transaction', async () => {
    const { txn, scan } = await scanFor();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(scan.id, 'pm_card_visa')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    // Losers wait for the winner's outcome: every tap answers the one payment's result.
    for (const a of answers) expect(a.json().status).toBe('succeeded');
    const charges = await db()
      .select()
      .from(simulatorCharges)
      .where(
        and(eq(simulatorCharges.projectId, team.project.id), eq(simulatorCharges.idempotencyKey, txn.id)),
      );
    expect(charges).toHaveLength(1);
    expect((await txnRow(txn.id)).status).toBe('succeeded');
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.transactionId, txn.id));
    expect(attempts).toHaveLength(1);
    const succeededEvents = await db()
      .select()
      .from(events)
      .where(and(eq(events.objectId, txn.id), eq(events.type, 'transaction.succeeded')));
    expect(succeededEvents).toHaveLength(1);
  });

  it('expired, canceled and paid codes answer their status and the scan is rejected', async () => {
    const expired = await makeTransaction(db(), team.project.id, terminalId, {
      expiresAt: new Date(Date.now() - 1000),
    });
    const canceled = await makeTransaction(db(), team.project.id, terminalId, { status: 'canceled' });
    const paid = await makeTransaction(db(), team.project.id, terminalId, { status: 'succeeded' });
    for (const [txn, status, reason] of [
      [expired, 'expired', 'expired'],
      [canceled, 'canceled', 'canceled'],
      [paid, 'succeeded', 'paid'],
    ] as const) {
      const res = await open(txn.paymentToken);
      expect(res.statusCode).toBe(201);
      expect(res.json().transaction.status).toBe(status);
      const [row] = await db().select().from(scans).where(eq(scans.id, res.json().id));
      expect(row).toMatchObject({ outcome: 'rejected', rejectedReason: reason });
    }
    expect((await txnRow(expired.id)).status).toBe('expired');
  });

  it('a transaction that expires after the scan cannot be paid', async () => {
    const { txn, scan } = await scanFor();
    await db()
      .update(transactions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(transactions.id, txn.id));
    const res = await pay(scan.id, 'pm_card_visa');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('transaction_not_payable');
    expect((await txnRow(txn.id)).status).toBe('expired');
    const charges = await db()
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.idempotencyKey, txn.id));
    expect(charges).toHaveLength(0);
  });

  it('publishes every change of the transaction on the bus', async () => {
    const { txn, scan } = await scanFor();
    const seen: unknown[] = [];
    const off = t.ctx.database.bus.subscribe('scanline_transactions', (m) => {
      if (m.id === txn.id) seen.push(m.status);
    });
    await pay(scan.id, 'pm_card_visa');
    await new Promise((r) => setTimeout(r, 50));
    off();
    expect(seen).toEqual(['processing', 'succeeded']);
  });

  it('a scan reveals nothing else: no card number, no project, no other transaction', async () => {
    const { scan } = await scanFor();
    await pay(scan.id, 'pm_card_visa');
    const read = await t.app.inject({
      method: 'GET',
      url: `/mobile/v1/scans/${scan.id}`,
      remoteAddress: nextIp(),
    });
    const text = read.body;
    expect(text).not.toContain(team.project.id);
    expect(text).not.toContain(terminalId);
    expect(text).not.toMatch(/4242|card_last4|payment_token/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/mobile/v1/scans/scn_doesnotexist',
          remoteAddress: nextIp(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('guessing payment tokens: 404 each, then 429 with Retry-After for that address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await open(`guess-${i}-${Math.random()}`, ip)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    const limited = await open('another-guess', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('rate_limited');
    // A real code from the same address is still refused while limited; other addresses are fine.
    const txn = await makeTransaction(db(), team.project.id, terminalId);
    expect((await open(txn.paymentToken, ip)).statusCode).toBe(429);
    expect((await open(txn.paymentToken)).statusCode).toBe(201);
  });

  it('per-code limit: one token opened too often is 429', async () => {
    const txn = await makeTransaction(db(), team.project.id, terminalId);
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await open(txn.paymentToken)).statusCode;
    expect(last).toBe(429);
  });

  describe('a declined card is not the end', () => {
    const eventTypes = async (id: string) =>
      (
        await db().select().from(events).where(eq(events.objectId, id)).orderBy(events.createdAt, events.id)
      ).map((e) => e.type);
    const chargesOf = async (id: string) =>
      db()
        .select()
        .from(simulatorCharges)
        .where(
          sql`${simulatorCharges.idempotencyKey} = ${id} or ${simulatorCharges.idempotencyKey} like ${`${id}:%`}`,
        );

    for (const [method, code, last4] of [
      ['pm_card_chargeDeclined', 'card_declined', '0002'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', '9995'],
    ] as const) {
      it(`${method}: back to pending with why; the same code then takes another card`, async () => {
        const { txn, scan } = await scanFor();
        const declined = await pay(scan.id, method);
        expect(declined.statusCode).toBe(200);
        expect(declined.json()).toMatchObject({
          status: 'pending',
          failure_code: code,
          last_payment_error: { code, message: expect.stringMatching(/card/i) },
        });
        expect(await txnRow(txn.id)).toMatchObject({
          status: 'pending',
          failureCode: code,
          cardLast4: last4,
        });
        const [attempt] = await db()
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.transactionId, txn.id));
        expect(attempt).toMatchObject({
          status: 'declined',
          failureCode: code,
          cardLast4: last4,
          scanId: scan.id,
        });
        expect(await eventTypes(txn.id)).toEqual(['transaction.payment_failed']);
        // The shopper's page reads why; the scan is still open.
        const read = await t.app.inject({
          method: 'GET',
          url: `/mobile/v1/scans/${scan.id}`,
          remoteAddress: nextIp(),
        });
        expect(read.json().transaction).toMatchObject({ status: 'pending', last_payment_error: { code } });

        const paid = await pay(scan.id, 'pm_card_visa');
        expect(paid.json()).toMatchObject({ status: 'succeeded' });
        const row = await txnRow(txn.id);
        expect(row).toMatchObject({ status: 'succeeded', failureCode: null, cardLast4: '4242' });
        expect(await eventTypes(txn.id)).toEqual(['transaction.payment_failed', 'transaction.succeeded']);
        const charges = await chargesOf(txn.id);
        expect(charges.map((c) => c.status).sort()).toEqual(['failed', 'succeeded']);
        expect(row.providerReference).toBe(charges.find((c) => c.status === 'succeeded')!.id);
      });
    }

    it('the third declined card fails it for good (transaction.failed); a fourth is refused', async () => {
      const { txn, scan } = await scanFor();
      expect((await pay(scan.id, 'pm_card_chargeDeclined')).json().status).toBe('pending');
      expect((await pay(scan.id, 'pm_card_chargeDeclinedInsufficientFunds')).json().status).toBe('pending');
      const third = await pay(scan.id, 'pm_card_chargeDeclined');
      expect(third.json()).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
      expect((await txnRow(txn.id)).status).toBe('failed');
      // The third decline writes both events in one transaction (same time: compare as a set).
      expect((await eventTypes(txn.id)).sort()).toEqual([
        'transaction.failed',
        'transaction.payment_failed',
        'transaction.payment_failed',
        'transaction.payment_failed',
      ]);
      expect((await pay(scan.id, 'pm_card_visa')).json()).toMatchObject({ status: 'failed' });
      expect((await chargesOf(txn.id)).filter((c) => c.status === 'succeeded')).toHaveLength(0);
    });

    it('after a decline, ten racing taps with a good card charge exactly once', async () => {
      const { txn, scan } = await scanFor();
      await pay(scan.id, 'pm_card_chargeDeclined');
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay(scan.id, 'pm_card_visa')));
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      expect((await txnRow(txn.id)).status).toBe('succeeded');
      expect((await chargesOf(txn.id)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
    });

    it('a code that lapses after a declined card is failed, not expired', async () => {
      const { txn, scan } = await scanFor();
      expect((await pay(scan.id, 'pm_card_chargeDeclined')).json().status).toBe('pending');
      t.advance(16 * 60_000);
      await sweepTerminalsOnce(t.ctx);
      expect((await txnRow(txn.id)).status).toBe('failed');
      expect((await eventTypes(txn.id)).sort()).toEqual(['transaction.failed', 'transaction.payment_failed']);
    });
  });
});
