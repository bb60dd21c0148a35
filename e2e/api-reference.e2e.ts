import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, startStack } from './support';

/**
 * `/api/v1/docs` renders the whole OpenAPI document (parameters, bodies, every
 * response with its example, authentication) from this server alone, under the console's CSP.
 */
describe('API reference', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  async function open(width: number) {
    const context = await s.context({ width, height: 900 });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(`${s.origin}/api/v1/docs`);
    return { page, requests, problems };
  }

  async function expandCreateTransaction(page: Page) {
    // Tags start closed: open the terminal's transactions, then the operation.
    const tag = page.locator('#operations-tag-terminal_transactions');
    await expectVisible(tag, 20_000);
    await tag.click();
    const summary = page.locator(
      '#operations-terminal_transactions-postTerminalTransactions .opblock-summary',
    );
    await expectVisible(summary, 20_000);
    await summary.locator('button.opblock-summary-control').click();
    return page.locator('#operations-terminal_transactions-postTerminalTransactions');
  }

  it('shows POST /terminal/v1/transactions whole: header parameter, body, responses with examples, authentication', async () => {
    const { page, requests, problems } = await open(1280);
    const op = await expandCreateTransaction(page);
    // Parameters: the Idempotency-Key header, required.
    const params = op.locator('.parameters-container');
    await expectText(params, 'Idempotency-Key');
    await expectText(params.locator('tr[data-param-name="Idempotency-Key"]'), 'required');
    await expectText(params.locator('tr[data-param-name="Idempotency-Key"]'), 'header');
    // The request body's example.
    await expectText(op.locator('.opblock-section-request-body'), '"reference": "order-1042"');
    // Every response, the 201 with its example, the errors with theirs.
    const responses = op.locator('.responses-table tr.response');
    await expectText(op.locator('tr.response[data-code="201"]'), '"payment_url"');
    await expectText(op.locator('tr.response[data-code="409"]'), '"transaction_state_conflict"');
    expect(await responses.count()).toBeGreaterThanOrEqual(10);
    // The schemes it takes, in words.
    await expectText(op.locator('.opblock-description-wrapper'), 'Authentication:');
    await expectText(op.locator('.opblock-description-wrapper'), 'Terminal device token');
    // A schema, not only examples: the 201's Schema tab names the fields.
    await op.locator('tr.response[data-code="201"] button[data-name="model"]').click();
    await expectText(op.locator('tr.response[data-code="201"]'), 'card_last4');

    await page.waitForLoadState('networkidle');
    const foreign = requests.filter((u) => new URL(u).origin !== s.origin);
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('lists every tag of the document (none lost past a number of operations)', async () => {
    const { page, problems } = await open(1280);
    const doc = (await (await fetch(`${s.origin}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tags = new Set(
      Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags ?? [])),
    );
    await expectVisible(page.locator('.opblock-tag').first(), 20_000);
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 20_000 }).toBe(tags.size);
    expect(tags.size).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('fits a phone: no sideways scrolling with an operation open', async () => {
    const { page, problems } = await open(390);
    await expandCreateTransaction(page);
    await expectText(page.locator('tr[data-param-name="Idempotency-Key"]'), 'Idempotency-Key');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });
});
