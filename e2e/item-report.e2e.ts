import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../apps/server/src/domain/dashboard/refresh-rollups';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession } from '../apps/server/src/test/tokens';
import { expectVisible, newEmail, registerThroughUi, type Stack, startStack } from './support';

const shots = process.env.ITEM_REPORT_SHOTS ?? '';

/** In the browser: what was sold (docs/guide/item-reports.md), and Top items / cash and card on the dashboard. */
describe('item report in Chromium', () => {
  let s: Stack;
  let email: string;
  let projectId: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  const call = async (method: string, url: string, headers: Record<string, string>, payload?: unknown) => {
    const res = await s.t.app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const signIn = async (page: Page) => {
    await page.goto(`${s.origin}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', 'correct horse 1');
    await page.click('button[type=submit]');
    await page.waitForURL('**/u/dashboard');
  };

  it('shows the report from the API’s figures, by item and by category, and downloads it as CSV', async () => {
    const page = await (await s.context()).newPage();
    email = newEmail('items');
    await registerThroughUi(page, s.origin, email);
    await page.getByRole('button', { name: 'Create a demo project' }).click();
    await page.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/, { timeout: 60_000 });
    projectId = /\/p\/(prj_[A-Za-z0-9]+)\//.exec(page.url())![1]!;
    const user = await findUserByEmail(s.t.ctx.database.db, email);
    auth = await freshSession(s.t.ctx, user!);

    // A catalogue, a paired till with an open drawer, and sales with lines: card and cash.
    const main = `/api/v1/projects/${projectId}`;
    const coffee = await call('POST', `${main}/items`, auth, {
      name: 'Flat white',
      category: 'Coffee',
      tax_rate: 7,
      variants: [
        { name: 'Small', price: 320 },
        { name: 'Large', price: 390 },
      ],
    });
    const cheese = await call('POST', `${main}/items`, auth, {
      name: 'Comté',
      category: 'Deli',
      price: 2490,
    });
    const cake = await call('POST', `${main}/items`, auth, {
      name: 'Cheesecake',
      category: 'Bakery',
      price: 450,
    });
    const terminal = await call('POST', `/terminal/v1/projects/${projectId}/terminals`, auth, {
      label: 'Front till',
      kind: 'virtual',
    });
    const { code } = await call(
      'POST',
      `/terminal/v1/projects/${projectId}/terminals/${terminal.id}/pairing-codes`,
      auth,
    );
    const paired = await call(
      'POST',
      '/terminal/v1/pair',
      {},
      { code, device: { model: 'Tablet', app_version: '1.0.0' } },
    );
    const device = { authorization: `Bearer ${paired.device_token}` };
    await call('POST', '/terminal/v1/drawer/open', device, { float: 5000 });
    const [small, large] = coffee.variants;
    let n = 0;
    const sell = async (lines: unknown[], cash = false) => {
      const txn = await call(
        'POST',
        '/terminal/v1/transactions',
        { ...device, 'idempotency-key': `e2e-${Date.now()}-${n++}` },
        {
          line_items: lines,
        },
      );
      if (cash) {
        await call(
          'POST',
          `/terminal/v1/transactions/${txn.id}/tenders`,
          { ...device, 'idempotency-key': `e2e-c-${n++}` },
          {
            method: 'cash',
            amount: txn.amount,
            cash_given: txn.amount,
          },
        );
      } else {
        const scan = await call(
          'POST',
          '/mobile/v1/scans',
          {},
          { token: new URL(txn.payment_url).pathname.split('/').pop() },
        );
        await call('POST', `/mobile/v1/scans/${scan.id}/payments`, {}, { payment_method: 'pm_card_visa' });
      }
      return txn;
    };
    const first = await sell([
      { item_id: coffee.id, variant_id: large.id, quantity: 3 },
      { item_id: cheese.id, quantity: 0.475 },
    ]);
    await sell(
      [
        { item_id: coffee.id, variant_id: small.id, quantity: 2 },
        { item_id: cake.id, quantity: 2 },
      ],
      true,
    );
    await sell([
      { item_id: cake.id, quantity: 1 },
      { name: 'Gift wrap', unit_price: 150, quantity: 1, tax_rate: 19 },
    ]);
    await call('POST', `${main}/transactions/${first.id}/refunds`, auth, {
      line_items: [{ line_id: first.line_items[0].id, quantity: 1 }],
    });
    await refreshRollups(s.t.ctx.database.db);
    const api = await call('GET', `${main}/reports/items`, auth);
    expect(api.rows.length).toBe(5);

    await page.goto(`${s.origin}/p/${projectId}/reports/items`);
    const table = page.locator('.item-report-table tbody tr');
    await expectVisible(table.first(), 20_000);
    expect(await table.count()).toBe(api.rows.length);
    // Rows in the API's order (biggest net first): Cheesecake 3 × 4.50 before Comté 0.475 kg.
    expect(api.rows[0].name).toBe('Cheesecake');
    expect(await table.first().textContent()).toContain('Cheesecake');
    const largeRow = await table.filter({ hasText: 'Flat white' }).filter({ hasText: 'Large' }).textContent();
    // 3 sold, 1 refunded by line: net 7.80.
    expect(largeRow).toContain('$7.80');
    const totals = page.getByTestId('item-report-totals');
    const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
    expect(await totals.textContent()).toContain(`net ${money(api.totals.net)}`);
    await expectVisible(page.locator('.chart-card canvas'));

    // By category: one row per category (ad-hoc lines under "No category").
    await page.getByText('Categories', { exact: true }).click();
    await page.waitForURL(/group=category/);
    await expectVisible(page.locator('.item-report-table').getByText('No category'), 20_000);
    const byCategory = await call('GET', `${main}/reports/items?group=category`, auth);
    expect(byCategory.rows).toHaveLength(4);
    const texts = await table.allTextContents();
    expect(texts, texts.join(' | ')).toHaveLength(byCategory.rows.length);

    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await downloading).path();
    const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^item_id,variant_id,name,variant_name,category,quantity/);
    expect(lines).toHaveLength(5);

    // The dashboard: Top items from the same route, cash and card from by_tender.
    await page.goto(`${s.origin}/p/${projectId}/dashboard`);
    const top = page.getByTestId('top-items');
    await expectVisible(top.locator('li').first(), 30_000);
    expect(await top.locator('li').first().textContent()).toContain('Cheesecake');
    expect(await top.locator('li').first().textContent()).toContain(money(api.rows[0].net));
    const tenders = page.getByTestId('takings-per-tender');
    await expectVisible(tenders);
    expect(await tenders.textContent()).toContain('Cash');
    expect(await tenders.textContent()).toContain('Card');
  });

  it.skipIf(!shots)(
    'screenshots: the report and the dashboard, light and dark, 1280 and 390 px',
    async () => {
      fs.mkdirSync(shots, { recursive: true });
      for (const dark of [false, true]) {
        for (const width of [1280, 390]) {
          const page = await (await s.context({ width, height: width > 500 ? 800 : 844, dark })).newPage();
          await signIn(page);
          for (const [name, path] of [
            ['report', `/p/${projectId}/reports/items`],
            ['report-category', `/p/${projectId}/reports/items?group=category`],
            ['dashboard', `/p/${projectId}/dashboard`],
          ] as const) {
            await page.goto(`${s.origin}${path}`);
            await expectVisible(
              page
                .locator(
                  name === 'dashboard' ? '[data-testid="top-items"] li' : '.item-report-table tbody tr',
                )
                .first(),
              30_000,
            );
            await page.waitForTimeout(800); // Chart.js animates
            await page.screenshot({
              path: `${shots}/${name}-${dark ? 'dark' : 'light'}-${width}.png`,
              fullPage: true,
            });
          }
          await page.context().close();
        }
      }
    },
  );
});
