import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenders, transactions } from '../../../db/schema';
import { ConfigError, loadConfig } from '../../../platform/config';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../../test/payment-factories';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in';

// Apple Pay and Google Pay (docs/guide/wallets.md): the pay page's domain registered with
// Stripe, the Apple Pay association file, and a card paid through a wallet named on the
// transaction, its tender and its receipt — with Stripe's stand-in and with the simulator.

const ASSOCIATION = '7B227073704964223A2239373943394538343346343131343044463144313834343232393232343734227D';

describe('wallets on the pay page', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  let terminalId: string;
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const dir = mkdtempSync(path.join(tmpdir(), 'scanline-apple-'));
    const file = path.join(dir, 'apple-developer-merchantid-domain-association');
    writeFileSync(file, ASSOCIATION);
    t = await createTestApp({
      env: {
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: 'https://pay.corner-bakery.example',
        APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file,
      },
    });
    team = await makeTeam(t);
    terminalId = (await makeTerminal(db(), team.project.id)).id;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const call = (method: 'GET' | 'POST', auth = team.owner.auth) =>
    t.app.inject({ method, url: `/api/v1/businesses/${team.business.id}/wallet-domain`, headers: auth });
  const useStripe = async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
      payload: {
        payment_provider: 'stripe',
        stripe_secret_key: 'sk_test_standin4242',
        stripe_publishable_key: 'pk_test_standin4242',
      },
    });
    expect(res.statusCode).toBe(200);
  };
  const useSimulator = async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
      payload: { payment_provider: 'simulator' },
    });
    expect(res.statusCode).toBe(200);
  };
  const scanFor = async (provider: 'simulator' | 'stripe') => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, { amount: 1850, provider });
    const res = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    return { txn, scanId: res.json().id as string };
  };
  const pay = (scanId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/payments`,
      payload,
      remoteAddress: nextIp(),
    });

  it('serves the configured Apple Pay association file as text, and 404 problem+json without one', async () => {
    const res = await t.app.inject({ url: '/.well-known/apple-developer-merchantid-domain-association' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(ASSOCIATION);

    const bare = await createTestApp();
    try {
      const missing = await bare.app.inject({
        url: '/.well-known/apple-developer-merchantid-domain-association',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(missing.json().code).toBe('not_found');
    } finally {
      await bare.close();
    }
  });

  it('stops at boot naming the variable when the association file cannot be read', () => {
    expect(() => loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: '/nonexistent/apple-file' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: '/nonexistent/apple-file' })).toThrow(
      /APPLE_PAY_DOMAIN_ASSOCIATION_FILE/,
    );
  });

  it('registers nothing for a business on the simulator, and answers 404 to someone who does not own it', async () => {
    const res = await call('POST');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'simulator', registered: false, apple_pay: null });
    expect((await call('GET', team.outsider.auth)).statusCode).toBe(404);
    expect((await call('POST', team.admin.auth)).statusCode).toBe(404);
    expect(stripe.requests.filter((r) => r.path.startsWith('/v1/payment_method_domains'))).toEqual([]);
  });

  it('registers the pay page’s domain once, shows each wallet’s state, and validates it again on the next call', async () => {
    await useStripe();
    const before = await call('GET');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      provider: 'stripe',
      domain: 'pay.corner-bakery.example',
      registered: false,
      payment_method_domain_id: null,
      enabled: false,
      apple_pay: null,
      google_pay: null,
      apple_pay_association: true,
    });

    // Apple could not read the file yet: Stripe says why.
    stripe.applePayVerified = false;
    const first = await call('POST');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      registered: true,
      enabled: true,
      payment_method_domain_id: expect.stringMatching(/^pmd_/),
      apple_pay: { status: 'inactive', detail: expect.stringContaining('association file') },
      google_pay: { status: 'active', detail: null },
    });

    stripe.applePayVerified = true;
    const again = await call('POST');
    expect(again.json()).toMatchObject({
      payment_method_domain_id: first.json().payment_method_domain_id,
      apple_pay: { status: 'active', detail: null },
    });
    expect(stripe.paymentMethodDomains.size).toBe(1);
    expect((await call('GET')).json()).toMatchObject({ registered: true, apple_pay: { status: 'active' } });
  });

  it('refuses to register an address that is not a domain name (409 conflict naming PUBLIC_URL)', async () => {
    const local = await createTestApp({ env: { STRIPE_API_BASE: stripe.url } });
    try {
      const other = await makeTeam(local);
      await local.app.inject({
        method: 'PATCH',
        url: `/api/v1/businesses/${other.business.id}`,
        headers: other.owner.auth,
        payload: { payment_provider: 'stripe', stripe_secret_key: 'sk_test_standin4242' },
      });
      const res = await local.app.inject({
        method: 'POST',
        url: `/api/v1/businesses/${other.business.id}/wallet-domain`,
        headers: other.owner.auth,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', detail: expect.stringContaining('PUBLIC_URL') });
    } finally {
      await local.close();
    }
  });

  it('a Stripe card paid through Apple Pay is named so on the transaction, its tender and its receipt', async () => {
    await useStripe();
    const { txn, scanId } = await scanFor('stripe');
    const res = await pay(scanId, { payment_method: 'pm_standin_apple_pay' });
    expect(res.json()).toMatchObject({ status: 'succeeded' });
    const [row] = await db().select().from(transactions).where(eq(transactions.id, txn.id));
    expect(row).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', cardWallet: 'apple_pay' });
    const [tender] = await db().select().from(tenders).where(eq(tenders.transactionId, txn.id));
    expect(tender?.cardWallet).toBe('apple_pay');

    const detail = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}`,
      headers: team.owner.auth,
    });
    expect(detail.json()).toMatchObject({ card_brand: 'visa', card_wallet: 'apple_pay' });
    expect(detail.json().tenders[0]).toMatchObject({ card_wallet: 'apple_pay' });
    const receipt = await t.app.inject({ url: new URL(res.json().receipt_url).pathname });
    expect(receipt.body).toContain('Apple Pay •••• 4242');
  });

  it('the simulator’s wallet sheet pays pm_card_visa through Google Pay; a card without one names no wallet', async () => {
    await useSimulator();
    const { txn, scanId } = await scanFor('simulator');
    const res = await pay(scanId, { payment_method: 'pm_card_visa', wallet: 'google_pay' });
    expect(res.json()).toMatchObject({ status: 'succeeded' });
    const [row] = await db().select().from(transactions).where(eq(transactions.id, txn.id));
    expect(row?.cardWallet).toBe('google_pay');
    const receipt = await t.app.inject({ url: new URL(res.json().receipt_url).pathname });
    expect(receipt.body).toContain('Google Pay •••• 4242');

    const plain = await scanFor('simulator');
    expect((await pay(plain.scanId, { payment_method: 'pm_card_visa' })).json().status).toBe('succeeded');
    const [card] = await db().select().from(transactions).where(eq(transactions.id, plain.txn.id));
    expect(card?.cardWallet).toBeNull();

    const bad = await pay((await scanFor('simulator')).scanId, {
      payment_method: 'pm_card_visa',
      wallet: 'paypal',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});
