import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceEntries,
  events,
  simulatorCharges,
  simulatorRefunds,
  tenders,
  transactions,
} from '../../../db/schema';
import { getReceipt } from '../../../domain/receipts/get-receipt';
import { receiptFacts } from '../../../domain/receipts/receipt-facts';
import { translator } from '../../../platform/i18n/catalogue';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { nextIp } from '../../../test/payment-factories';
import { idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

// Card tenders and split bills (docs/guide/tenders.md#card-tenders): each share has a payment
// page of its own, is charged once for its amount and its tip, and the shares together never
// pay more than the order.
describe('tenders: card shares and split bills', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    device = await pairedTerminal(t, team);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/drawer/open',
      headers: device.auth,
      payload: { float: 5000 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const tipping = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { tipping: { enabled: true, allow_custom: true } },
    });
    expect(tipping.statusCode, tipping.body).toBe(200);
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
  const post = (url: string, payload: Record<string, unknown>, key: string | null = idemKey()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: key === null ? device.auth : { ...device.auth, 'idempotency-key': key },
      payload,
    });
  const scanOf = async (paymentUrl: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(paymentUrl).pathname.split('/').pop() },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const pay = (scanId: string, payment_method = 'pm_card_visa', tip_amount?: number) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/payments`,
      payload: { payment_method, ...(tip_amount !== undefined ? { tip_amount } : {}) },
      remoteAddress: nextIp(),
    });
  const read = async (id: string) =>
    (await t.app.inject({ url: `/terminal/v1/transactions/${id}`, headers: device.auth })).json();
  const rowOf = async (id: string) =>
    (await t.ctx.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const tendersOf = (id: string) =>
    t.ctx.database.db.select().from(tenders).where(eq(tenders.transactionId, id)).orderBy(tenders.createdAt);
  const eventTypes = async (id: string) =>
    (
      await t.ctx.database.db
        .select({ type: events.type })
        .from(events)
        .where(eq(events.objectId, id))
        .orderBy(events.seq)
    ).map((e) => e.type);
  const chargesOf = (tenderIds: string[]) =>
    t.ctx.database.db
      .select()
      .from(simulatorCharges)
      .then((rows) => rows.filter((c) => tenderIds.some((id) => c.idempotencyKey.startsWith(id))));

  it('a card tender has its own payment page, paid through the mobile API for its share only', async () => {
    const txn = await create(3000);
    const res = await post(`/terminal/v1/transactions/${txn.id}/tenders`, { method: 'card', amount: 1000 });
    expect(res.statusCode, res.body).toBe(201);
    const { tender } = res.json();
    expect(tender).toMatchObject({ method: 'card', amount: 1000, status: 'pending', tip_amount: 0 });
    expect(tender.payment_url).toMatch(/\/pay\/[A-Za-z0-9]+$/);
    expect(tender.payment_url).not.toBe(txn.payment_url);

    const scan = await scanOf(tender.payment_url);
    expect(scan.transaction).toMatchObject({ id: txn.id, amount: 1000, status: 'pending' });
    const paid = await pay(scan.id, 'pm_card_visa', 150);
    expect(paid.json()).toEqual({ status: 'succeeded' });

    const [share] = await tendersOf(txn.id);
    expect(share).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      tipAmount: 150,
    });
    expect(share!.succeededAt).toBeInstanceOf(Date);
    expect(await chargesOf([share!.id])).toEqual([expect.objectContaining({ amount: 1150 })]);
    expect(await read(txn.id)).toMatchObject({
      status: 'partially_paid',
      amount_paid: 1000,
      amount_due: 2000,
      tip_amount: 150,
      amount_total: 3150,
    });
    const entries = await t.ctx.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.transactionId, txn.id));
    expect(entries).toEqual([
      expect.objectContaining({ type: 'payment', amount: 1150, tenderId: share!.id }),
    ]);
    expect(await eventTypes(txn.id)).toEqual(['transaction.created', 'transaction.partially_paid']);

    // The checkout's own code pays what is left, as one more card share.
    const whole = await scanOf(txn.payment_url);
    expect(whole.transaction).toMatchObject({ amount: 2000, status: 'pending' });
    const rest = await pay(whole.id, 'pm_card_mastercard');
    expect(rest.json().status).toBe('succeeded');
    expect(rest.json().receipt_url).toMatch(/\/receipts\//);
    expect(await read(txn.id)).toMatchObject({ status: 'succeeded', amount_paid: 3000, tip_amount: 150 });
    expect(await eventTypes(txn.id)).toEqual([
      'transaction.created',
      'transaction.partially_paid',
      'transaction.succeeded',
    ]);
  });

  it('a declined card leaves the share to pay with another card', async () => {
    const txn = await create(1000);
    const { tender } = (
      await post(`/terminal/v1/transactions/${txn.id}/tenders`, { method: 'card', amount: 400 })
    ).json();
    const scan = await scanOf(tender.payment_url);
    const declined = await pay(scan.id, 'pm_card_chargeDeclined');
    expect(declined.json()).toMatchObject({ status: 'pending', failure_code: 'card_declined' });
    expect((await tendersOf(txn.id))[0]).toMatchObject({ status: 'pending', declines: 1 });
    const ok = await pay(scan.id, 'pm_card_visa');
    expect(ok.json().status).toBe('succeeded');
    expect(await read(txn.id)).toMatchObject({ status: 'partially_paid', amount_paid: 400 });
  });

  it('splits three ways, each share tipping its own, and the last share settles the checkout', async () => {
    const txn = await create(1000);
    const none = await post(`/terminal/v1/transactions/${txn.id}/tenders/split`, { shares: 3 }, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('idempotency_key_required');
    const tooMany = await post(`/terminal/v1/transactions/${txn.id}/tenders/split`, { shares: 21 });
    expect(tooMany.statusCode).toBe(400);
    const key = idemKey();
    const res = await post(`/terminal/v1/transactions/${txn.id}/tenders/split`, { shares: 3 }, key);
    expect(res.statusCode, res.body).toBe(201);
    const shares = res.json().tenders as { id: string; amount: number; payment_url: string }[];
    expect(shares.map((s) => s.amount)).toEqual([334, 333, 333]);
    const again = await post(`/terminal/v1/transactions/${txn.id}/tenders/split`, { shares: 3 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().tenders.map((s: { id: string }) => s.id)).toEqual(shares.map((s) => s.id));

    const tips = [0, 50, 100];
    for (const [i, share] of shares.entries()) {
      const scan = await scanOf(share.payment_url);
      const paid = await pay(scan.id, 'pm_card_visa', tips[i]);
      expect(paid.json().status, paid.body).toBe('succeeded');
    }
    expect(await read(txn.id)).toMatchObject({
      status: 'succeeded',
      amount_paid: 1000,
      amount_due: 0,
      tip_amount: 150,
      amount_total: 1150,
    });
    const charges = await chargesOf(shares.map((s) => s.id));
    expect(charges.map((c) => c.amount).sort()).toEqual([334, 383, 433]);
    expect(await eventTypes(txn.id)).toEqual([
      'transaction.created',
      'transaction.partially_paid',
      'transaction.succeeded',
    ]);
    // Nothing is left for the checkout's own code to pay.
    const whole = await scanOf(txn.payment_url);
    expect(whole.transaction.status).toBe('succeeded');
  });

  it('a card share over what is due is 422 amount_exceeds_due', async () => {
    const txn = await create(500);
    const over = await post(`/terminal/v1/transactions/${txn.id}/tenders`, { method: 'card', amount: 501 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'amount_exceeds_due' });
  });

  it('three phones and a cash tender racing: never over-paid, each share charged once', async () => {
    const txn = await create(900);
    const split = await post(`/terminal/v1/transactions/${txn.id}/tenders/split`, { shares: 3 });
    const shares = split.json().tenders as { id: string; payment_url: string }[];
    const scans = await Promise.all(shares.map((s) => scanOf(s.payment_url)));
    const answers = await Promise.all([
      ...scans.map((s) => pay(s.id)),
      ...scans.map((s) => pay(s.id)),
      post(`/terminal/v1/transactions/${txn.id}/tenders`, { method: 'cash', amount: 300, cash_given: 300 }),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
    const row = await rowOf(txn.id);
    const rows = await tendersOf(txn.id);
    const paid = rows.filter((r) => r.status === 'succeeded');
    expect(paid.reduce((sum, r) => sum + r.amount, 0)).toBe(
      row.status === 'succeeded' ? 900 : row.amountPaid,
    );
    expect(row.status === 'succeeded' ? 900 : row.amountPaid).toBeLessThanOrEqual(900);
    // Once nothing is due, shares not paid stop working.
    if (row.status === 'succeeded') expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
    const charges = await chargesOf(shares.map((s) => s.id));
    // Each share charged at most once, and only those that succeeded.
    expect(charges).toHaveLength(paid.filter((r) => r.method === 'card').length);
    expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(charges.length);
  });

  it('cancelling after two shares gives both back through the provider; the third stops working', async () => {
    const txn = await create(900);
    const shares = (await post(`/terminal/v1/transactions/${txn.id}/tenders/split`, { shares: 3 })).json()
      .tenders as { id: string; payment_url: string }[];
    const third = await scanOf(shares[2]!.payment_url);
    for (const share of shares.slice(0, 2)) {
      const scan = await scanOf(share.payment_url);
      expect((await pay(scan.id, 'pm_card_visa', 20)).json().status).toBe('succeeded');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${txn.id}/cancel`,
      headers: device.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', amount_paid: 0 });
    expect((await tendersOf(txn.id)).map((r) => r.status).sort()).toEqual([
      'canceled',
      'refunded',
      'refunded',
    ]);
    const refunds = await t.ctx.database.db.select().from(simulatorRefunds);
    const ours = refunds.filter((r) => shares.some((s) => r.idempotencyKey === `cancel_${s.id}`));
    expect(ours.map((r) => r.amount).sort()).toEqual([320, 320]);
    const entries = await t.ctx.database.db
      .select()
      .from(balanceEntries)
      .where(and(eq(balanceEntries.transactionId, txn.id), eq(balanceEntries.type, 'refund')));
    expect(entries.map((e) => e.amount)).toEqual([-320, -320]);
    const late = await pay(third.id);
    expect(late.statusCode).toBe(409);
  });

  it('refunds name a tender when cash and card paid: cash from the drawer, card through the provider', async () => {
    const txn = await create(1000);
    const cash = await post(`/terminal/v1/transactions/${txn.id}/tenders`, {
      method: 'cash',
      amount: 400,
      cash_given: 500,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const rest = await pay((await scanOf(txn.payment_url)).id, 'pm_card_visa');
    expect(rest.json().status).toBe('succeeded');
    const [cashTender, cardTender] = await tendersOf(txn.id).then((rows) =>
      [...rows].sort((a, b) => (a.method === 'cash' ? -1 : b.method === 'cash' ? 1 : 0)),
    );
    const refund = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
        headers: { ...team.owner.auth, 'idempotency-key': idemKey() },
        payload,
      });
    const unnamed = await refund({ amount: 100 });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json()).toMatchObject({ code: 'tender_required', errors: [{ field: 'tender_id' }] });
    const tooMuch = await refund({ amount: 401, tender_id: cashTender!.id });
    expect(tooMuch.statusCode).toBe(409);
    const inCash = await refund({ amount: 400, tender_id: cashTender!.id });
    expect(inCash.statusCode, inCash.body).toBe(201);
    expect(inCash.json().status).toBe('succeeded');
    const byCard = await refund({ amount: 250, tender_id: cardTender!.id });
    expect(byCard.statusCode, byCard.body).toBe(201);
    expect(byCard.json().status).toBe('succeeded');
    const [charge] = await t.ctx.database.db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.id, cardTender!.providerReference!));
    expect(charge).toMatchObject({ amount: 600, amountRefunded: 250 });
    expect(await read(txn.id)).toMatchObject({ status: 'partially_refunded' });
  });

  it('receipts list each tender, on the page and in the email, in the shopper’s language', async () => {
    const txn = await create(3000);
    const cash = await post(`/terminal/v1/transactions/${txn.id}/tenders`, {
      method: 'cash',
      amount: 1000,
      cash_given: 2000,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const paid = await pay((await scanOf(txn.payment_url)).id, 'pm_card_visa', 200);
    expect(paid.json().status).toBe('succeeded');
    const receiptUrl = new URL(paid.json().receipt_url);
    const page = await t.app.inject({ url: `${receiptUrl.pathname}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Visa ••4242');
    expect(page.body).toContain('$22.00 (tip $2.00)');
    expect(page.body).toContain('$10.00 — given $20.00, change $10.00');
    const german = await t.app.inject({ url: `${receiptUrl.pathname}?lang=de` });
    expect(german.body).toContain('gegeben');
    const token = receiptUrl.pathname.split('/').pop()!;
    const facts = receiptFacts(await getReceipt(t.ctx.database.db, token), translator('shoppers', 'en'));
    expect(facts).toContainEqual({
      label: 'Paid with',
      lines: ['Cash $10.00 — given $20.00, change $10.00', 'Visa ••4242 $22.00 (tip $2.00)'],
    });
  });
});
