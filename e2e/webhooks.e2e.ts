import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession } from '../apps/server/src/test/tokens';
import { startReceiver, type WebhookReceiver } from '../apps/server/src/test/webhook-receiver';
import { expectText, expectVisible, newEmail, registerThroughUi, type Stack, startStack } from './support';

/**
 * Issue 8 in the browser: an endpoint to a local receiver, an event (the endpoint's "send
 * test" until payments land here), the delivery appearing live, its request and response,
 * and a resend.
 */
describe('webhooks in Chromium', () => {
  let s: Stack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // Tests allow the loopback receiver explicitly; nothing else is reachable.
    s = await startStack({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
    await s.t.webhookDispatcher({ pollMs: 250 }).start();
    receiver = await startReceiver();
    receiver.respond = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ received: true }),
    });
  });
  afterAll(async () => {
    await receiver.close();
    await s.close();
  });

  it('creates an endpoint, watches a delivery arrive live, opens it and resends it', async () => {
    const context = await s.context();
    const page = await context.newPage();
    const email = newEmail('hooks');
    await registerThroughUi(page, s.origin, email);
    // A business and a project through the API, as the workspace test covers those screens.
    const user = await findUserByEmail(s.t.ctx.database.db, email);
    const auth = await freshSession(s.t.ctx, user!);
    const call = async (url: string, payload: unknown) =>
      (
        await s.t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: auth,
          payload: payload as never,
        })
      ).json();
    const business = await call('/businesses', {
      name: 'Acme Coffee',
      country: 'US',
      default_currency: 'USD',
    });
    const project = await call('/projects', {
      name: 'Downtown store',
      business_id: business.id,
      time_zone: 'UTC',
      currency: 'USD',
    });

    await page.goto(`${s.origin}/p/${project.id}/webhooks`);
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await page.fill('#webhook-url', receiver.url);
    await page.fill('#webhook-description', 'Order system');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.locator('.p-dialog').getByRole('button', { name: 'Done' }).click();
    await expectText(page.locator('.p-datatable'), receiver.url);
    await expectText(page.locator('.p-datatable'), 'All events');

    await page.locator('.p-datatable').getByRole('link', { name: 'Deliveries' }).click();
    await page.waitForURL(/\/webhooks\/whk_/);
    await expectText(page.locator('main'), 'No deliveries yet');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expectText(page.locator('.p-toast'), 'Test event sent');
    // Appears without a reload, and turns succeeded once the receiver answered.
    await expectText(page.locator('.p-datatable'), 'webhook.test', 15_000);
    await expectText(page.locator('.p-datatable'), 'succeeded', 15_000);
    expect(receiver.received).toHaveLength(1);
    const webhookId = receiver.received[0]!.headers['webhook-id'];

    await page.locator('.p-datatable').getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(/\/deliveries\/dlv_/);
    const attempt = page.getByTestId('delivery-attempt');
    await expectText(attempt, 'HTTP 200');
    await expectText(attempt.locator('[aria-label="Request"]'), String(webhookId));
    await expectText(attempt.locator('[aria-label="Request"]'), 'webhook-signature');
    await expectText(attempt.locator('[aria-label="Response"]'), '"received": true');

    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await expectText(page.locator('.p-toast'), 'Resending');
    await expectVisible(page.getByText('Attempt 2'), 15_000);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(webhookId);
  });
});
