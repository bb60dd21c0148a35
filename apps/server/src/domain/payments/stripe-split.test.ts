import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenders, transactions } from '../../db/schema';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { nextIp } from '../../test/payment-factories';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { idemKey, pairedTerminal, type Team } from '../../test/terminal-fixtures';

// Card shares of a split bill on a Stripe project (docs/guide/tenders.md#stripe-card-shares):
// each share is its own PaymentIntent with `capture_method: manual`, authorised when its shopper
// pays, captured together when the whole is paid, released (intent canceled) when the checkout is
// canceled: no refund objects for money never taken.
describe('Stripe card shares: authorised, captured together, released on cancel', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
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
        stripe_webhook_secret: 'whsec_standin0123456789abcdef',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    device = await pairedTerminal(t, team);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/drawer/open',
      headers: device.auth,
      payload: { float: 5000 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const post = async (url: string, payload: Record<string, unknown>, key: string | null = idemKey()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: key === null ? device.auth : { ...device.auth, 'idempotency-key': key },
      payload,
    });
  /** A checkout split `shares` ways: its id and the shares' payment pages. */
  const split = async (amount: number, shares: number) => {
    const made = await post('/terminal/v1/transactions', { amount, currency: 'USD' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const res = await post(`/terminal/v1/transactions/${id}/tenders/split`, { shares });
    expect(res.statusCode, res.body).toBe(201);
    return { id, urls: res.json().tenders.map((x: { payment_url: string }) => x.payment_url) as string[] };
  };
  /** A shopper opens a share's page and pays it with Stripe's test Visa. */
  const payShare = async (url: string) => {
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(url).pathname.split('/').pop() },
      remoteAddress: nextIp(),
    });
    expect(scan.statusCode, scan.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('succeeded');
  };
  const sharesOf = (id: string) =>
    db().select().from(tenders).where(eq(tenders.transactionId, id)).orderBy(tenders.createdAt);
  /** Each tender's method, status and capture state, sorted (shares of one split share a created_at). */
  const statesOf = async (id: string) =>
    (await sharesOf(id)).map((s) => `${s.method} ${s.status} ${s.captureState ?? '-'}`).sort();
  const statusOf = async (id: string) =>
    (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!.status;
  const intentsOf = (id: string) =>
    [...stripe.intents.values()].filter((i) => i.metadata.transaction_id === id);
  const capturesOf = (refs: string[]) =>
    stripe.requests.filter((r) => refs.some((ref) => r.path === `/v1/payment_intents/${ref}/capture`));

  it('three shares are authorised as they are paid and captured together when the last one lands', async () => {
    const { id, urls } = await split(3000, 3);
    await payShare(urls[0]!);
    await payShare(urls[1]!);
    // Two shares held, nothing captured, the checkout partly paid.
    expect(await statesOf(id)).toEqual([
      'card pending -',
      'card succeeded authorized',
      'card succeeded authorized',
    ]);
    expect(await statusOf(id)).toBe('partially_paid');
    expect(intentsOf(id).map((i) => [i.capture_method, i.status, i.amount])).toEqual([
      ['manual', 'requires_capture', 1000],
      ['manual', 'requires_capture', 1000],
    ]);
    expect(capturesOf(intentsOf(id).map((i) => i.id))).toHaveLength(0);

    await payShare(urls[2]!);
    expect(await statusOf(id)).toBe('succeeded');
    expect(await statesOf(id)).toEqual([
      'card succeeded captured',
      'card succeeded captured',
      'card succeeded captured',
    ]);
    const shares = await sharesOf(id);
    const intents = intentsOf(id);
    expect(intents.map((i) => [i.capture_method, i.status])).toEqual([
      ['manual', 'succeeded'],
      ['manual', 'succeeded'],
      ['manual', 'succeeded'],
    ]);
    // One capture each, under its own key; every share its own intent, under its share's key.
    const captures = capturesOf(intents.map((i) => i.id));
    expect(captures.map((c) => c.idempotencyKey).sort()).toEqual(shares.map((s) => `capture_${s.id}`).sort());
    expect(new Set(shares.map((s) => s.providerReference)).size).toBe(3);
    const held = stripe.charges.filter((c) => intents.some((i) => i.id === c.payment_intent));
    expect(held.every((c) => c.captured)).toBe(true);
  });

  it("a share's own intent events never settle the whole checkout", async () => {
    // A share waiting for 3-D Secure, approved at Stripe before the shopper's page says so: the
    // checkout is still pending when the intent's event arrives.
    const { id, urls } = await split(2000, 2);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(urls[0]!).pathname.split('/').pop() },
      remoteAddress: nextIp(),
    });
    const paying = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_authenticationRequired' },
      remoteAddress: nextIp(),
    });
    expect(paying.json().status).toBe('requires_action');
    const [intent] = intentsOf(id);
    stripe.completeAction(intent!.id);
    expect(intent!.status).toBe('requires_capture');
    expect(intent!.metadata.share_key).toMatch(/^tnd_/);
    const { payload, signature } = stripe.signedEvent(
      'payment_intent.amount_capturable_updated',
      intent!.id,
      'whsec_standin0123456789abcdef',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handled: false });
    expect(await statusOf(id)).toBe('pending');
  });

  it('a cancel after two authorisations releases both holds: intents canceled, no refunds', async () => {
    const { id, urls } = await split(3000, 3);
    await payShare(urls[0]!);
    await payShare(urls[2]!);
    const refundsBefore = stripe.refunds.length;
    const canceled = await post(`/terminal/v1/transactions/${id}/cancel`, {}, null);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceled', amount_paid: 0 });
    const intents = intentsOf(id);
    expect(intents.map((i) => i.status)).toEqual(['canceled', 'canceled']);
    expect(stripe.refunds.length).toBe(refundsBefore);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST')).toHaveLength(0);
    const cancels = stripe.requests.filter((r) =>
      intents.some((i) => r.path === `/v1/payment_intents/${i.id}/cancel`),
    );
    expect(cancels).toHaveLength(2);
    expect(await statesOf(id)).toEqual([
      'card canceled -',
      'card refunded released',
      'card refunded released',
    ]);
    // No money moved at Stripe for this checkout.
    expect(
      stripe.charges.filter((c) => intents.some((i) => i.id === c.payment_intent)).every((c) => !c.captured),
    ).toBe(true);
  });

  it('cash paying the rest captures the shares held', async () => {
    const { id, urls } = await split(2000, 2);
    await payShare(urls[0]!);
    const cash = await post(`/terminal/v1/transactions/${id}/tenders`, {
      method: 'cash',
      amount: 1000,
      cash_given: 1000,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(await statusOf(id)).toBe('succeeded');
    expect(intentsOf(id).map((i) => i.status)).toEqual(['succeeded']);
    expect(await statesOf(id)).toEqual(['card canceled -', 'card succeeded captured', 'cash succeeded -']);
  });

  it('a share is paid on its Stripe pay page: Stripe.js confirms the share’s own intent, the confirm reads it', async () => {
    const { id, urls } = await split(3000, 2);
    /** The shopper's page: the scan, and the share's client secret for Stripe.js. */
    const open = async (url: string) => {
      const scan = await t.app.inject({
        method: 'POST',
        url: '/mobile/v1/scans',
        payload: { token: new URL(url).pathname.split('/').pop() },
        remoteAddress: nextIp(),
      });
      expect(scan.statusCode, scan.body).toBe(201);
      const secret = scan.json().stripe?.client_secret as string;
      const intent = [...stripe.intents.values()].find((i) => i.client_secret === secret);
      return { scanId: scan.json().id as string, intent: intent! };
    };
    const confirm = (scanId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/mobile/v1/scans/${scanId}/payments/confirm`,
        payload: {},
        remoteAddress: nextIp(),
      });
    /** What Stripe.js does in the shopper's browser: confirm the intent at Stripe with a card. */
    const confirmAtStripe = (intentId: string) =>
      fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: {
          // Stripe.js sends the publishable key; the stand-in knows secret keys only.
          authorization: 'Bearer sk_test_standin4242',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'payment_method=pm_card_visa',
      });

    const first = await open(urls[0]!);
    expect(first.intent).toMatchObject({
      capture_method: 'manual',
      amount: 1500,
      metadata: { transaction_id: id },
    });
    // Opening the page again finds the same intent, not a second one.
    expect((await open(urls[0]!)).intent.id).toBe(first.intent.id);

    // Confirmed before Stripe.js paid anything: nothing to read, the share still waits.
    const early = await confirm(first.scanId);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('transaction_state_conflict');
    expect(await statesOf(id)).toEqual(['card pending -', 'card pending -']);

    expect((await confirmAtStripe(first.intent.id)).status).toBe(200);
    const paid = await confirm(first.scanId);
    expect(paid.json(), paid.body).toMatchObject({ status: 'succeeded' });
    expect(await statesOf(id)).toEqual(['card pending -', 'card succeeded authorized']);
    expect(await statusOf(id)).toBe('partially_paid');

    const second = await open(urls[1]!);
    await confirmAtStripe(second.intent.id);
    expect((await confirm(second.scanId)).json()).toMatchObject({ status: 'succeeded' });
    expect(await statusOf(id)).toBe('succeeded');
    expect(await statesOf(id)).toEqual(['card succeeded captured', 'card succeeded captured']);
    expect(intentsOf(id).map((i) => i.status)).toEqual(['succeeded', 'succeeded']);
    // A paid share's page offers no form any more.
    const again = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(urls[0]!).pathname.split('/').pop() },
      remoteAddress: nextIp(),
    });
    expect(again.json().stripe).toBeNull();
  });
});
