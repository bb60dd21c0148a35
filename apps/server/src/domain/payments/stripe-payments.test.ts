import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, refunds, transactions } from '../../db/schema';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../test/payment-factories';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { transitionTransaction } from '../transactions/transition-transaction';
import { reconcilePendingRefunds, reconcileProcessing } from './reconcile-processing';

const WEBHOOK_SECRET = 'whsec_standin0123456789abcdef';

describe('Stripe provider against a local stand-in', () => {
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

  const scanFor = async (amount = 2500) => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, { amount, provider: 'stripe' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    return { txn, scan: res.json() };
  };
  const pay = (scanId: string, payment_method: string) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/payments`,
      payload: { payment_method },
      remoteAddress: nextIp(),
    });
  const row = async (id: string) =>
    (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  it('opening a scan creates one PaymentIntent (idempotency key = transaction id) and returns its client secret', async () => {
    const { txn, scan } = await scanFor(2500);
    expect(scan.provider).toBe('stripe');
    const intentId = (await row(txn.id)).providerReference!;
    const intent = stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'usd',
      metadata: { transaction_id: txn.id, project_id: team.project.id },
    });
    expect(scan.stripe).toEqual({
      publishable_key: 'pk_test_standin4242',
      client_secret: intent.client_secret,
    });
    const create = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === txn.id,
    );
    expect(create).toBeDefined();
    // Opening again (another phone) reuses the intent.
    const again = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    expect(again.json().stripe.client_secret).toBe(intent.client_secret);
    expect([...stripe.intents.values()].filter((i) => i.metadata.transaction_id === txn.id)).toHaveLength(1);
  });

  it('pm_card_visa succeeds; ten concurrent payments confirm the intent once', async () => {
    const { txn, scan } = await scanFor();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(scan.id, 'pm_card_visa')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await row(txn.id)).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    const intentId = (await row(txn.id)).providerReference!;
    expect(stripe.charges.filter((c) => c.payment_intent === intentId)).toHaveLength(1);
    const confirms = stripe.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/confirm`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.idempotencyKey).toBe(`${txn.id}:confirm`);
  });

  it('a tip sent with a Stripe payment method raises the intent to amount + tip before confirming', async () => {
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { tipping: { enabled: true } },
    });
    expect(on.statusCode).toBe(200);
    const { txn, scan } = await scanFor(2000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/payments`,
      payload: { payment_method: 'pm_card_visa', tip_amount: 300 },
      remoteAddress: nextIp(),
    });
    expect(res.json().status).toBe('succeeded');
    const intentId = (await row(txn.id)).providerReference!;
    expect(stripe.intents.get(intentId)!.amount).toBe(2300);
    expect(stripe.charges.find((c) => c.payment_intent === intentId)!.amount).toBe(2300);
    expect(await row(txn.id)).toMatchObject({ amount: 2000, tipAmount: 300 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { tipping: { enabled: false } },
    });
  });

  it('declines come back as pending with the decline code', async () => {
    for (const [method, code] of [
      ['pm_card_chargeDeclined', 'card_declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ] as const) {
      const { txn, scan } = await scanFor();
      const res = await pay(scan.id, method);
      expect(res.json()).toMatchObject({
        status: 'pending',
        failure_code: code,
        last_payment_error: { code },
      });
      expect(res.json().failure_message).toMatch(/card/i);
      expect((await row(txn.id)).status).toBe('pending');
    }
  });

  it('requires_action, then a signed webhook (a hint) settles it by retrieving the intent', async () => {
    const { txn, scan } = await scanFor();
    const res = await pay(scan.id, 'pm_card_authenticationRequired');
    expect(res.json()).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    const intentId = (await row(txn.id)).providerReference!;

    // An event claiming success before Stripe says so changes nothing (the intent is retrieved).
    const early = stripe.signedEvent('payment_intent.succeeded', intentId, WEBHOOK_SECRET);
    expect((await webhook(early.payload, early.signature)).json()).toMatchObject({ handled: false });
    expect((await row(txn.id)).status).toBe('requires_action');

    stripe.completeAction(intentId);
    const bad = stripe.signedEvent('payment_intent.succeeded', intentId, 'whsec_someoneelse123');
    const refused = await webhook(bad.payload, bad.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/problem\+json/);
    expect((await webhook(early.payload, 'v1=deadbeef')).statusCode).toBe(400);
    expect((await row(txn.id)).status).toBe('requires_action');

    const good = stripe.signedEvent('payment_intent.succeeded', intentId, WEBHOOK_SECRET);
    const ok = await webhook(good.payload, good.signature);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ received: true, handled: true });
    expect(await row(txn.id)).toMatchObject({ status: 'succeeded', cardLast4: '3184' });
    // Replayed: nothing more happens.
    expect((await webhook(good.payload, good.signature)).json()).toMatchObject({ handled: false });
  });

  it('requires_action, then the confirm step retrieves the intent', async () => {
    const { txn, scan } = await scanFor();
    await pay(scan.id, 'pm_card_authenticationRequired');
    stripe.completeAction((await row(txn.id)).providerReference!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/payments/confirm`,
      remoteAddress: nextIp(),
    });
    expect(res.json()).toEqual({ status: 'succeeded', receipt_url: expect.stringMatching(/\/receipts\//) });
  });

  it('refunds through Stripe with the refund id as idempotency key', async () => {
    const { txn, scan } = await scanFor(3000);
    await pay(scan.id, 'pm_card_visa');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
      headers: team.owner.auth,
      payload: { amount: 1000 },
    });
    expect(res.statusCode).toBe(201);
    const refundId = res.json().id;
    expect(stripe.refunds.find((r) => r.idempotencyKey === refundId)).toMatchObject({ amount: 1000 });
    expect(await row(txn.id)).toMatchObject({ status: 'partially_refunded', amountRefunded: 1000 });
  });

  it('a refund Stripe answers pending is booked only when it settles: by its webhook, or failed by the reconcile', async () => {
    const { txn, scan } = await scanFor(3000);
    await pay(scan.id, 'pm_card_visa');
    const refundFor = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
        headers: team.owner.auth,
        payload: { amount },
      });
    const booked = async () =>
      (await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, txn.id))).filter(
        (e) => e.type === 'refund',
      );
    stripe.nextRefundStatus = 'pending';
    try {
      const first = await refundFor(1000);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().status).toBe('pending');
      // Not yet money back: the transaction, the balance and so the close and payout ignore it.
      expect(await row(txn.id)).toMatchObject({ status: 'succeeded', amountRefunded: 0 });
      expect(await booked()).toEqual([]);
      // Its amount stays reserved: no second refund past what is left.
      expect((await refundFor(2500)).statusCode).toBe(409);

      const [pendingRow] = await db().select().from(refunds).where(eq(refunds.id, first.json().id));
      stripe.settleRefund(pendingRow!.providerReference!, 'succeeded');
      const event = stripe.signedRefundEvent(
        'charge.refund.updated',
        pendingRow!.providerReference!,
        WEBHOOK_SECRET,
      );
      const hook = await webhook(event.payload, event.signature);
      expect(hook.statusCode, hook.body).toBe(200);
      expect(hook.json()).toMatchObject({ handled: true });
      expect(await row(txn.id)).toMatchObject({ status: 'partially_refunded', amountRefunded: 1000 });
      expect((await booked()).map((e) => e.amount)).toEqual([-1000]);
      // A replay changes nothing.
      expect((await webhook(event.payload, event.signature)).json()).toMatchObject({ handled: false });

      const second = await refundFor(2000);
      expect(second.json().status).toBe('pending');
      const [secondRow] = await db().select().from(refunds).where(eq(refunds.id, second.json().id));
      stripe.settleRefund(secondRow!.providerReference!, 'failed');
      expect(await reconcilePendingRefunds(t.ctx)).toMatchObject({ settled: 1 });
      const [failed] = await db().select().from(refunds).where(eq(refunds.id, second.json().id));
      expect(failed!.status).toBe('failed');
      expect(await row(txn.id)).toMatchObject({ status: 'partially_refunded', amountRefunded: 1000 });
      expect((await booked()).map((e) => e.amount)).toEqual([-1000]);
    } finally {
      stripe.nextRefundStatus = 'succeeded';
    }
    // The failed refund's amount is free again.
    expect((await refundFor(2000)).statusCode).toBe(201);
    expect(await row(txn.id)).toMatchObject({ status: 'refunded', amountRefunded: 3000 });
  });

  it('ISK has no minor unit, but Stripe takes it with two decimals: 1,500 kr. is 150000 there', async () => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, {
      amount: 1500,
      provider: 'stripe',
      currency: 'ISK',
    });
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    expect((await pay(scan.json().id, 'pm_card_visa')).json().status).toBe('succeeded');
    const { providerReference } = await row(txn.id);
    expect(stripe.intents.get(providerReference!)).toMatchObject({ amount: 150000, currency: 'isk' });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
      headers: team.owner.auth,
      payload: { amount: 500 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 50000 });
    expect(await row(txn.id)).toMatchObject({ amount: 1500, amountRefunded: 500 });
  });

  it('reconcile finishes a Stripe transaction a crash left processing', async () => {
    const { txn, scan } = await scanFor();
    await pay(scan.id, 'pm_card_authenticationRequired');
    const intentId = (await row(txn.id)).providerReference!;
    stripe.completeAction(intentId);
    await db().transaction((tx) =>
      transitionTransaction(tx, {
        projectId: team.project.id,
        id: txn.id,
        to: 'processing',
        from: ['requires_action'],
        now: new Date(),
      }),
    );
    const report = await reconcileProcessing(t.ctx);
    expect(report).toMatchObject({ finished: 1 });
    expect((await row(txn.id)).status).toBe('succeeded');
    expect(stripe.charges.filter((c) => c.payment_intent === intentId)).toHaveLength(1);
  });

  it('Stripe unreachable: opening a code is a 503 problem, the pay attempt stays safe', async () => {
    const { txn, scan } = await scanFor();
    await stripe.close();
    const txn2 = await makeTransaction(db(), team.project.id, terminalId, { provider: 'stripe' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn2.paymentToken },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service_unavailable');
    // The intent exists but Stripe cannot be asked: the payment is left for the reconcile, never guessed.
    const paid = await pay(scan.id, 'pm_card_visa');
    expect(paid.json()).toEqual({ status: 'processing' });
    expect((await row(txn.id)).status).toBe('processing');
  });
});
