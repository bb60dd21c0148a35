import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, events, transactions } from '../../db/schema';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../test/payment-factories';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { runPayoutsNow } from './run-payouts';

const WEBHOOK_SECRET = 'whsec_standin0123456789abcdef';

// Stripe projects take their fees and payouts from Stripe, against the local stand-in.
describe('Stripe payouts against a local stand-in', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  let terminalId: string;
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ env: { STRIPE_API_BASE: stripe.url } });
    team = await makeTeam(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
      payload: {
        payment_provider: 'stripe',
        stripe_secret_key: 'sk_test_standin4242',
        stripe_publishable_key: 'pk_test_standin4242',
        stripe_webhook_secret: WEBHOOK_SECRET,
      },
    });
    expect(res.statusCode).toBe(200);
    terminalId = (await makeTerminal(db(), team.project.id)).id;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const paid = async (amount: number, currency = 'EUR') => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, {
      amount,
      provider: 'stripe',
      currency,
    });
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    const pay = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    expect(pay.json().status).toBe('succeeded');
    return txn.id;
  };
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const base = () => `/api/v1/projects/${team.project.id}`;

  it("records Stripe's payout with its balance transactions' fees; items add up; paid once", async () => {
    const a = await paid(2000);
    const b = await paid(1000);
    const refund = await t.app.inject({
      method: 'POST',
      url: `${base()}/transactions/${b}/refunds`,
      headers: team.owner.auth,
      payload: { amount: 400 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // The local job leaves Stripe projects to Stripe.
    expect(
      (await runPayoutsNow(t.ctx, { projectId: team.project.id, asOf: '2099-12-31' })).payouts,
    ).toHaveLength(0);

    const po = stripe.createPayout('in_transit');
    // 2000 − (30 + 25), 1000 − (15 + 25), −400.
    expect(po.amount).toBe(1945 + 960 - 400);
    const created = stripe.signedPayoutEvent('payout.created', po.id, WEBHOOK_SECRET);
    const first = await webhook(created.payload, created.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ handled: true });
    const list = (
      await t.app.inject({ method: 'GET', url: `${base()}/payouts`, headers: team.owner.auth })
    ).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      provider: 'stripe',
      status: 'in_transit',
      amount: po.amount,
      currency: 'EUR',
      payments_count: 2,
      gross: 3000,
      fees: 95,
      refunds: 400,
    });
    const items = (
      await t.app.inject({
        method: 'GET',
        url: `${base()}/payouts/${list[0].id}/items`,
        headers: team.owner.auth,
      })
    ).json().data;
    expect(items.reduce((s: number, i: { net: number }) => s + i.net, 0)).toBe(po.amount);
    const [txnA] = await db().select().from(transactions).where(eq(transactions.id, a));
    expect(txnA).toMatchObject({ fee: 55, payoutId: list[0].id });
    expect(
      (await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, a)))[0],
    ).toMatchObject({
      fee: 55,
      net: 1945,
    });

    // Paid: the same payout moves to paid, `payout.paid` once (a replay adds nothing).
    stripe.payouts.get(po.id)!.status = 'paid';
    const paidEvent = stripe.signedPayoutEvent('payout.paid', po.id, WEBHOOK_SECRET);
    expect((await webhook(paidEvent.payload, paidEvent.signature)).statusCode).toBe(200);
    expect((await webhook(paidEvent.payload, paidEvent.signature)).statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: `${base()}/payouts`, headers: team.owner.auth })
    ).json().data;
    expect(after).toHaveLength(1);
    expect(after[0].status).toBe('paid');
    const types = (await db().select().from(events).where(eq(events.objectId, list[0].id))).map(
      (e) => e.type,
    );
    expect(types.sort()).toEqual(['payout.created', 'payout.paid']);
    // A forged signature is refused.
    const forged = stripe.signedPayoutEvent('payout.paid', po.id, 'whsec_someoneelse123');
    expect((await webhook(forged.payload, forged.signature)).statusCode).toBe(400);
    // Stripe was asked for the payout's balance transactions.
    expect(stripe.requests.some((r) => r.path === '/v1/balance_transactions')).toBe(true);
  });

  it("keeps a refund made in Stripe's dashboard as an entry of its own, and a canceled payout's money for the next one", async () => {
    const txn = await paid(3000);
    const ours = await t.app.inject({
      method: 'POST',
      url: `${base()}/transactions/${txn}/refunds`,
      headers: team.owner.auth,
      payload: { amount: 500 },
    });
    expect(ours.statusCode, ours.body).toBe(201);
    // The same charge refunded again in Stripe's dashboard: Scanline never saw that request.
    const [row] = await db().select().from(transactions).where(eq(transactions.id, txn));
    const outside = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_standin4242',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${row!.providerReference}&amount=700`,
    });
    expect(outside.status).toBe(200);

    const po = stripe.createPayout('in_transit');
    expect(po.amount).toBe(3000 - (45 + 25) - 500 - 700);
    const created = stripe.signedPayoutEvent('payout.created', po.id, WEBHOOK_SECRET);
    const synced = await webhook(created.payload, created.signature);
    expect(synced.statusCode, synced.body).toBe(200);
    const payout = (await t.app.inject({ method: 'GET', url: `${base()}/payouts`, headers: team.owner.auth }))
      .json()
      .data.find((p: { status: string; amount: number }) => p.amount === po.amount);
    expect(payout).toMatchObject({ status: 'in_transit', refunds: 1200 });
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, txn));
    // Before, the dashboard refund overwrote our refund's entry: two refunds, one entry.
    expect(entries.map((e) => [e.type, e.amount, e.payoutId]).sort()).toEqual(
      [
        ['payment', 3000, payout.id],
        ['refund', -500, payout.id],
        ['refund', -700, payout.id],
      ].sort(),
    );
    const items = (
      await t.app.inject({
        method: 'GET',
        url: `${base()}/payouts/${payout.id}/items`,
        headers: team.owner.auth,
      })
    ).json().data;
    expect(items.reduce((s: number, i: { net: number }) => s + i.net, 0)).toBe(po.amount);

    // Stripe cancels it: the list still answers (a 500 before), and the entries are free again.
    stripe.payouts.get(po.id)!.status = 'canceled';
    const canceled = stripe.signedPayoutEvent('payout.canceled', po.id, WEBHOOK_SECRET);
    expect((await webhook(canceled.payload, canceled.signature)).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `${base()}/payouts?status[equals]=canceled`,
      headers: team.owner.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([payout.id]);
    const freed = await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, txn));
    expect(freed.every((e) => e.payoutId === null)).toBe(true);
    const [after] = await db().select().from(transactions).where(eq(transactions.id, txn));
    expect(after!.payoutId).toBeNull();
  });

  it("keeps a USD charge settled in EUR in dollars, and pays out Stripe's amount with disputes and Stripe's fees", async () => {
    stripe.settlement = { currency: 'eur', rate: 0.9 };
    try {
      const usd = await paid(2000, 'USD');
      const refund = await t.app.inject({
        method: 'POST',
        url: `${base()}/transactions/${usd}/refunds`,
        headers: team.owner.auth,
        payload: { amount: 500 },
      });
      expect(refund.statusCode, refund.body).toBe(201);
      const eur = await paid(1000);
      const [eurRow] = await db().select().from(transactions).where(eq(transactions.id, eur));
      stripe.addBalanceTransaction({
        type: 'dispute',
        amount: -1000,
        fee: 1500,
        currency: 'eur',
        description: 'Chargeback withdrawal',
        source: { object: 'dispute', id: 'dp_standin', payment_intent: eurRow!.providerReference },
      });
      stripe.addBalanceTransaction({
        type: 'stripe_fee',
        amount: -200,
        fee: 0,
        currency: 'eur',
        description: 'Radar',
      });
      const po = stripe.createPayout('paid');
      // 2000 USD at 0.9 is 1800 EUR (fee 27 + 25), −450, 1000 (fee 15 + 25), −1000 − 1500, −200.
      expect(po.amount).toBe(1800 - 52 - 450 + 1000 - 40 - 2500 - 200);
      const event = stripe.signedPayoutEvent('payout.paid', po.id, WEBHOOK_SECRET);
      expect((await webhook(event.payload, event.signature)).statusCode).toBe(200);
      // Read twice: Stripe's adjustments are found again, never written twice.
      expect((await webhook(event.payload, event.signature)).statusCode).toBe(200);

      const payout = (
        await t.app.inject({ method: 'GET', url: `${base()}/payouts`, headers: team.owner.auth })
      )
        .json()
        .data.find((p: { amount: number }) => p.amount === po.amount);
      // Before, the payout was rebuilt from charges and refunds alone, dollars counted as euros.
      expect(payout).toMatchObject({ currency: 'EUR', gross: 2800, fees: 52 + 40 + 1500, refunds: 450 });
      const items = (
        await t.app.inject({
          method: 'GET',
          url: `${base()}/payouts/${payout.id}/items`,
          headers: team.owner.auth,
        })
      ).json().data as {
        type: string;
        transaction_id: string | null;
        amount: number;
        fee: number;
        net: number;
        currency: string;
        settlement: {
          amount: number;
          fee: number;
          net: number;
          currency: string;
          exchange_rate: number | null;
        };
        description: string | null;
      }[];
      expect(items).toHaveLength(5);
      expect(items.reduce((s, i) => s + i.settlement.net, 0)).toBe(po.amount);
      const usdPayment = items.find((i) => i.transaction_id === usd && i.type === 'payment')!;
      // Stripe's 52 EUR fee is 58 USD at 0.9: the transaction's net stays in dollars.
      expect(usdPayment).toMatchObject({
        amount: 2000,
        fee: 58,
        net: 1942,
        currency: 'USD',
        settlement: { amount: 1800, fee: 52, net: 1748, currency: 'EUR', exchange_rate: 0.9 },
      });
      expect(items.find((i) => i.transaction_id === usd && i.type === 'refund')).toMatchObject({
        amount: -500,
        currency: 'USD',
        settlement: { amount: -450, currency: 'EUR' },
      });
      const adjustments = items.filter((i) => i.type === 'adjustment');
      expect(adjustments.map((a) => [a.transaction_id, a.settlement.net, a.description]).sort()).toEqual(
        [
          [eur, -2500, 'dispute: Chargeback withdrawal'],
          [null, -200, 'stripe_fee: Radar'],
        ].sort(),
      );
      const txn = await t.app.inject({
        method: 'GET',
        url: `${base()}/transactions/${usd}`,
        headers: team.owner.auth,
      });
      expect(txn.json()).toMatchObject({ currency: 'USD', fee: 58, net: 2000 - 500 - 58 });
      // The export adds up to what reached the bank, in the payout's currency.
      const csv = await t.app.inject({
        method: 'GET',
        url: `${base()}/payouts/${payout.id}/export.csv?format=csv`,
        headers: team.owner.auth,
      });
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = csv.body.trim().split('\r\n').slice(1);
      expect(rows).toHaveLength(5);
      const cents = rows.reduce((s, r) => s + Math.round(Number(r.split(',').at(-2)) * 100), 0);
      expect(cents).toBe(po.amount);
      expect(rows.every((r) => r.endsWith(',EUR'))).toBe(true);
    } finally {
      stripe.settlement = null;
    }
  });
});
