import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type WebhookReceiver } from '../apps/server/src/test/webhook-receiver';
import {
  expectText,
  expectVisible,
  payThroughApis,
  type Stack,
  signedUpWithProject,
  startStack,
} from './support';

/**
 * In the browser: an endpoint to a local receiver, events (the endpoint's "send
 * test", then a real payment), the deliveries appearing live, request and response, a resend,
 * and the transaction's own deliveries on its detail.
 */
describe('webhooks in Chromium', () => {
  let s: Stack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // Tests allow the loopback receiver explicitly; nothing else is reachable.
    s = await startStack({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
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
    const { post, project } = await signedUpWithProject(s, page, { tag: 'hooks' });

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

    await page.locator('.p-datatable').getByRole('link', { name: 'webhook.test' }).click();
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

    // A real payment (terminal API, then the shopper's mobile API): its events are delivered
    // and show up in the open deliveries table without a reload.
    await page.goBack();
    await expectText(page.locator('.p-datatable'), 'webhook.test');
    const { txn, paid } = await payThroughApis(post, project.id, 'hooks-e2e-1');
    expect(paid.status).toBe('succeeded');
    await expectText(page.locator('.p-datatable'), 'transaction.succeeded', 15_000);
    const types = () => receiver.received.map((r) => JSON.parse(r.body).type as string);
    for (let i = 0; i < 100 && !types().includes('transaction.succeeded'); i++)
      await page.waitForTimeout(100);
    expect(types()).toEqual(expect.arrayContaining(['transaction.created', 'transaction.succeeded']));

    // The transaction's detail lists the deliveries of its events.
    await page.goto(`${s.origin}/p/${project.id}/transactions/${txn.id}`);
    const own = page.locator('section[aria-labelledby=deliveries-title]');
    await expectText(own, 'transaction.succeeded', 15_000);
    await expectText(own, 'transaction.created');
  });
});
