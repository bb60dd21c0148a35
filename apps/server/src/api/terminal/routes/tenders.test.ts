import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, tenders, transactions } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

// Cash tenders at the counter (docs/guide/tenders.md): part or all of a checkout paid in cash,
// never more than is due, the card flow still one card tender.
describe('tenders: cash at the counter', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  let other: Awaited<ReturnType<typeof pairedTerminal>>;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    device = await pairedTerminal(t, team);
    other = await pairedTerminal(t, team);
    // Cash goes into the terminal's open drawer (docs/guide/drawer.md).
    const opened = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/drawer/open',
      headers: device.auth,
      payload: { float: 5000 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
  });
  afterAll(() => t.close());

  const create = async (amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { amount, currency: 'USD' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; payment_url: string };
  };
  const tender = (
    id: string,
    payload: Record<string, unknown>,
    { key = idemKey(), auth = device.auth }: { key?: string | null; auth?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${id}/tenders`,
      headers: key === null ? auth : { ...auth, 'idempotency-key': key },
      payload,
    });
  const eventTypes = async (id: string) =>
    (
      await t.ctx.database.db
        .select({ type: events.type })
        .from(events)
        .where(eq(events.objectId, id))
        .orderBy(events.seq)
    ).map((e) => e.type);
  const tendersOf = (id: string) =>
    t.ctx.database.db.select().from(tenders).where(eq(tenders.transactionId, id)).orderBy(tenders.createdAt);

  it('pays the whole amount in cash: succeeded at once, with change, receipt and event', async () => {
    const txn = await create(1250);
    const res = await tender(txn.id, { method: 'cash', amount: 1250, cash_given: 2000 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.tender).toMatchObject({
      method: 'cash',
      amount: 1250,
      cash_given: 2000,
      change: 750,
      status: 'succeeded',
      payment_url: null,
      transaction_id: txn.id,
      currency: 'USD',
    });
    expect(body.tender.id).toMatch(/^tnd_/);
    expect(body.transaction).toMatchObject({ status: 'succeeded', amount_paid: 1250, amount_due: 0 });
    expect(body.transaction.receipt_url).toMatch(/\/receipts\//);
    expect(await eventTypes(txn.id)).toEqual(['transaction.created', 'transaction.succeeded']);
  });

  it('pays in parts: partially_paid until the last share, never more than is due', async () => {
    const txn = await create(1000);
    const first = await tender(txn.id, { method: 'cash', amount: 400, cash_given: 400 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().tender.change).toBe(0);
    expect(first.json().transaction).toMatchObject({
      status: 'partially_paid',
      amount_paid: 400,
      amount_due: 600,
    });

    const over = await tender(txn.id, { method: 'cash', amount: 700, cash_given: 1000 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'amount_exceeds_due', errors: [{ field: 'amount' }] });
    const short = await tender(txn.id, { method: 'cash', amount: 600, cash_given: 500 });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'cash_given_too_low', errors: [{ field: 'cash_given' }] });

    // Past the code's 15 minutes a partly paid checkout stays on the terminal.
    t.advance(60 * 60 * 1000);
    const read = await t.app.inject({
      method: 'GET',
      url: `/terminal/v1/transactions/${txn.id}`,
      headers: device.auth,
    });
    expect(read.json()).toMatchObject({ status: 'partially_paid', amount_due: 600 });

    const last = await tender(txn.id, { method: 'cash', amount: 600, cash_given: 1000 });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().tender.change).toBe(400);
    expect(last.json().transaction).toMatchObject({ status: 'succeeded', amount_paid: 1000, amount_due: 0 });
    expect(await eventTypes(txn.id)).toEqual([
      'transaction.created',
      'transaction.partially_paid',
      'transaction.succeeded',
    ]);
    const after = await tender(txn.id, { method: 'cash', amount: 1, cash_given: 1 });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('transaction_not_payable');
  });

  it('never over-pays when tenders race: the row lock lets one through', async () => {
    const txn = await create(1000);
    const answers = await Promise.all(
      [0, 1, 2].map(() => tender(txn.id, { method: 'cash', amount: 600, cash_given: 600 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    const [row] = await t.ctx.database.db.select().from(transactions).where(eq(transactions.id, txn.id));
    expect(row).toMatchObject({ status: 'partially_paid', amountPaid: 600 });
    expect(await tendersOf(txn.id)).toHaveLength(1);
  });

  it('needs an Idempotency-Key; a retry answers the first tender, another body is 409', async () => {
    const txn = await create(900);
    const none = await tender(txn.id, { method: 'cash', amount: 300, cash_given: 500 }, { key: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('idempotency_key_required');
    const key = idemKey();
    const first = await tender(txn.id, { method: 'cash', amount: 300, cash_given: 500 }, { key });
    // The first answer is no replay, though it leaves the bill partly paid.
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await tender(txn.id, { method: 'cash', amount: 300, cash_given: 500 }, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().tender.id).toBe(first.json().tender.id);
    expect(again.json().transaction.amount_paid).toBe(300);
    const changed = await tender(txn.id, { method: 'cash', amount: 200, cash_given: 500 }, { key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('idempotency_key_reused');
    expect(await tendersOf(txn.id)).toHaveLength(1);
  });

  it('takes no cash without an open drawer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...other.auth, 'idempotency-key': idemKey() },
      payload: { amount: 500, currency: 'USD' },
    });
    const cash = await tender(
      res.json().id,
      { method: 'cash', amount: 500, cash_given: 500 },
      { auth: other.auth },
    );
    expect(cash.statusCode).toBe(409);
    expect(cash.json().code).toBe('drawer_closed');
  });

  it('validates the body and hides other terminals’ transactions', async () => {
    const txn = await create(500);
    const cheque = await tender(txn.id, { method: 'cheque', amount: 500 });
    expect(cheque.statusCode).toBe(400);
    const extra = await tender(txn.id, { method: 'cash', amount: 500, cash_given: 500, tip: 1 });
    expect(extra.statusCode).toBe(400);
    const elsewhere = await tender(
      txn.id,
      { method: 'cash', amount: 500, cash_given: 500 },
      { auth: other.auth },
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('cancelling a partly paid checkout gives its cash back', async () => {
    const txn = await create(800);
    await tender(txn.id, { method: 'cash', amount: 300, cash_given: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${txn.id}/cancel`,
      headers: device.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', amount_paid: 0, amount_due: 800 });
    expect((await tendersOf(txn.id)).map((x) => x.status)).toEqual(['refunded']);
  });

  it('a card that pays the checkout is its one card tender', async () => {
    const txn = await create(1250);
    const [row] = await t.ctx.database.db.select().from(transactions).where(eq(transactions.id, txn.id));
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: row!.paymentToken },
      remoteAddress: `10.9.0.${++ip}`,
    });
    expect(scan.statusCode, scan.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: `10.9.0.${ip}`,
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const read = await t.app.inject({
      method: 'GET',
      url: `/terminal/v1/transactions/${txn.id}`,
      headers: device.auth,
    });
    expect(read.json()).toMatchObject({ status: 'succeeded', amount_paid: 1250, amount_due: 0 });
    const rows = await t.ctx.database.db
      .select()
      .from(tenders)
      .where(and(eq(tenders.transactionId, txn.id), eq(tenders.status, 'succeeded')));
    expect(rows).toEqual([
      expect.objectContaining({ method: 'card', amount: 1250, cardBrand: 'visa', cardLast4: '4242' }),
    ]);
  });
});
