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
 * In the browser: a real payment writes events; Developers → Events lists them,
 * filters by type, opens one with its payload and its delivery to an endpoint, and resends it.
 */
describe('events in Chromium', () => {
  let s: Stack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    s = await startStack({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await s.close();
  });

  it('lists, filters and opens events, and resends one to its endpoint', async () => {
    const context = await s.context();
    const page = await context.newPage();
    const { post, project } = await signedUpWithProject(s, page, { tag: 'events' });
    const endpoint = await post(`/api/v1/projects/${project.id}/webhooks`, { url: receiver.url });

    // A real payment: terminal API, then the shopper's mobile API.
    const { txn, paid } = await payThroughApis(post, project.id, 'events-e2e-1');
    expect(paid.status).toBe('succeeded');

    await page.goto(`${s.origin}/p/${project.id}/dashboard`);
    await page.getByRole('link', { name: 'Events' }).first().click();
    await page.waitForURL(/\/events$/);
    const table = page.locator('.p-datatable');
    await expectText(table, 'transaction.succeeded', 15_000);
    await expectText(table, 'transaction.created');

    // Filter by type through the column's filter menu: the address keeps it.
    await page.locator('th', { hasText: 'Type' }).locator('.p-column-filter-menu-button').click();
    const overlay = page.locator('.p-column-filter-overlay');
    await overlay.locator('.p-dropdown', { hasText: 'Any' }).click();
    await page.getByRole('option', { name: 'transaction.succeeded' }).click();
    await overlay.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/type%5Bequals%5D=transaction\.succeeded|type\[equals\]=transaction\.succeeded/);
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await expectText(table, 'transaction.succeeded');
    expect(await table.textContent()).not.toContain('transaction.created');

    // The detail: the payload as webhooks carry it, and the endpoint's delivery.
    await table.getByRole('link', { name: 'transaction.succeeded' }).click();
    await page.waitForURL(/\/events\/evt_/);
    const payload = page.getByTestId('event-payload');
    await expectText(payload, '"type": "transaction.succeeded"');
    await expectText(payload, txn.id);
    const row = page.locator('section[aria-labelledby=event-deliveries-title] tbody tr').first();
    await expectVisible(row);
    await expectText(row, receiver.url);
    await expectText(row, 'succeeded', 15_000);
    const eventId = page.url().split('/').pop()!;
    const before = receiver.received.filter((r) => r.headers['webhook-id'] === eventId).length;
    expect(before).toBe(1);

    await row.getByRole('button', { name: 'Resend to this endpoint' }).click();
    await expectText(page.locator('.p-toast'), 'Resending');
    for (
      let i = 0;
      i < 100 && receiver.received.filter((r) => r.headers['webhook-id'] === eventId).length < 2;
      i++
    )
      await page.waitForTimeout(100);
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(2);
    // The attempts column counts the resend once the dispatcher recorded it.
    await expect.poll(() => row.locator('td').nth(3).textContent(), { timeout: 15_000 }).toBe('2');
    expect(endpoint.id).toMatch(/^whk_/);
  });
});
