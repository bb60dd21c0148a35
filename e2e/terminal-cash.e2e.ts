import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Set to a folder to keep a screenshot of every step, light and dark. */
const SHOTS = process.env.TERMINAL_CASH_SHOTS;

/**
 * Cash on the web terminal (docs/guide/tenders.md, docs/guide/drawer.md): a cash tender finds the
 * drawer closed and opens it with a float from there, takes €12.50 with €20.00 given and shows
 * €7.50 change; the drawer screen records a paid out with its reason; the close counts the drawer
 * note by note and shows the variance before it is made. Axe-clean, light and dark, and nothing
 * wider than the screen at each step, on a phone and on a tablet.
 */
describe('cash at the counter on the web terminal (Chromium)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  for (const width of [390, 1280] as const)
    it(`drawer, cash tender, paid out and counted close at ${width} px`, async () => {
      const merchant = await (await s.context()).newPage();
      const { post, project } = await signedUpWithProject(s, merchant, {
        tag: `cash${width}`,
        country: 'DE',
        currency: 'EUR',
      });
      const terminals = `/terminal/v1/projects/${project.id}/terminals`;
      const terminal = await post(terminals, { label: 'Till 1', kind: 'virtual' });
      const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});

      const context = await s.browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const found: string[] = [];
      const look = async (step: string) => {
        found.push(...(await check(page, step, width)));
      };
      const press = async (keys: string[]) => {
        for (const k of keys) await page.getByRole('button', { name: k, exact: true }).click();
      };

      await page.goto(`${s.origin}/terminal?code=${code}`);
      await page.getByRole('button', { name: 'Pair' }).click();
      await expectText(page.getByTestId('terminal-label'), 'Till 1');

      // €12.50 in cash, the drawer still closed: the error says so and offers to open it.
      await press(['1', '2', '5', '0']);
      await page.getByRole('button', { name: 'Charge €12.50' }).click();
      await expectVisible(page.locator('[data-testid=payment-qr] svg'));
      await page.getByTestId('method-cash').click();
      await expectVisible(page.getByTestId('cash-tender'));
      await page.getByRole('button', { name: '€20.00', exact: true }).click();
      await expectText(page.getByTestId('cash-change'), '€7.50');
      await page.getByRole('button', { name: 'Take €12.50 in cash' }).click();
      await expectText(page.getByTestId('cash-error'), 'not open');
      await look('cash-drawer-closed');
      await page.getByRole('button', { name: 'Open the drawer' }).click();
      await expectVisible(page.locator('[data-testid=drawer-status][data-status=closed]'));
      await look('drawer-closed');
      await press(['5', '0', '0', '0']);
      await expectText(page.getByTestId('drawer-float'), '€50.00');
      await page.getByRole('button', { name: 'Open the drawer with €50.00' }).click();
      await expectText(page.getByTestId('drawer-message'), 'Drawer opened with €50.00');
      await expectText(page.getByTestId('drawer-expected'), '€50.00');
      await look('drawer-open');
      await page.getByRole('button', { name: 'Back', exact: true }).click();

      // Back on the payment, still in cash: €20.00 given, €7.50 change, paid.
      await expectVisible(page.getByTestId('cash-tender'));
      await press(['2', '0', '0', '0']);
      await expectText(page.getByTestId('cash-given'), '€20.00');
      await expectText(page.getByTestId('cash-change'), '€7.50');
      await look('cash-change');
      await page.getByRole('button', { name: 'Take €12.50 in cash' }).click();
      await expectVisible(page.locator('[data-testid=payment-result][data-status=succeeded]'));
      await expectText(page.getByTestId('payment-result-change'), '€7.50');
      await look('cash-paid');
      await page.getByRole('button', { name: 'New payment' }).click();

      // A paid out with its reason, from the terminal's menu.
      await page.getByRole('button', { name: 'Drawer', exact: true }).click();
      await expectText(page.getByTestId('drawer-expected'), '€62.50');
      await page.getByRole('button', { name: 'Paid out', exact: true }).click();
      await press(['3', '0', '0']);
      await page.getByTestId('drawer-reason').fill('Milk from the corner shop');
      await page.getByRole('button', { name: 'Record Paid out: €3.00' }).click();
      await expectText(page.getByTestId('drawer-message'), 'Paid out €3.00');
      await expectText(page.getByTestId('drawer-expected'), '€59.50');
      await expectText(page.getByTestId('drawer-movement'), 'Milk from the corner shop');
      await look('drawer-paid-out');
      await page.getByRole('button', { name: 'Back', exact: true }).click();

      // The close counts the drawer: €50 + €5 + 2 × €2 = €59.00, €0.50 missing.
      await page.getByRole('button', { name: 'Close the day' }).click();
      await expectVisible(page.getByTestId('cash-count'));
      await expectText(page.getByTestId('count-expected'), '€59.50');
      await page.getByTestId('count-5000').fill('1');
      await page.getByTestId('count-500').fill('1');
      await page.getByTestId('count-200').fill('2');
      await expectText(page.getByTestId('count-total'), '€59.00');
      await expectText(page.getByTestId('count-variance'), /[-−]€0\.50/);
      await look('close-count');
      page.once('dialog', (d) => {
        expect(d.message()).toContain('Counted €59.00');
        void d.accept();
      });
      await page.getByRole('button', { name: 'Close the day' }).click();
      await expectText(page.locator('#term-close-title'), 'Close #1 made');
      await expectText(page.getByTestId('term-counted'), '€59.00');
      await expectText(page.getByTestId('term-variance'), /[-−]€0\.50/);
      await look('close-made');

      // The close ended the drawer.
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Drawer', exact: true }).click();
      await expectVisible(page.locator('[data-testid=drawer-status][data-status=closed]'));

      expect(found).toEqual([]);
      await context.close();
    }, 180_000);

  it('where staff sign in, a paid out waits for a manager to sign in', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project } = await signedUpWithProject(s, merchant, { tag: 'cashstaff' });
    await post(`/api/v1/projects/${project.id}/staff`, { name: 'Ana', pin: '1234', role: 'cashier' });
    await post(`/api/v1/projects/${project.id}/staff`, { name: 'Mo', pin: '9876', role: 'manager' });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Till 2', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const page = await (await s.context({ width: 1024, height: 768 })).newPage();
    const press = async (keys: string[]) => {
      for (const k of keys) await page.getByRole('button', { name: k, exact: true }).click();
    };
    await page.goto(`${s.origin}/terminal?code=${code}`);
    await page.getByRole('button', { name: 'Pair' }).click();
    await expectVisible(page.getByTestId('cashier-lock'));
    await press(['1', '2', '3', '4']);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectText(page.getByTestId('cashier-name'), 'Ana');

    // A cashier opens the drawer and pays in without a manager.
    await page.getByRole('button', { name: 'Drawer', exact: true }).click();
    await press(['2', '0', '0', '0']);
    await page.getByRole('button', { name: 'Open the drawer with $20.00' }).click();
    await expectText(page.getByTestId('drawer-expected'), '$20.00');

    // A paid out needs a manager: the cashier is told so and offered "Switch cashier".
    await page.getByRole('button', { name: 'Paid out', exact: true }).click();
    await expectText(page.getByTestId('drawer-needs-manager'), 'need a manager');
    await press(['5', '0', '0']);
    await page.getByTestId('drawer-reason').fill('Window cleaner');
    expect(await page.getByRole('button', { name: 'Record Paid out: $5.00' }).isDisabled()).toBe(true);
    expect(await check(page, 'drawer-needs-manager', 1024)).toEqual([]);
    await page.getByTestId('drawer-needs-manager').getByRole('button', { name: 'Switch cashier' }).click();
    await expectVisible(page.getByTestId('cashier-lock'));
    await press(['9', '8', '7', '6']);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectText(page.getByTestId('cashier-name'), 'Mo');
    // Back on the drawer, the manager records it.
    await expectText(page.getByTestId('drawer-expected'), '$20.00');
    await page.getByRole('button', { name: 'Paid out', exact: true }).click();
    expect(await page.getByTestId('drawer-needs-manager').count()).toBe(0);
    await press(['5', '0', '0']);
    await page.getByTestId('drawer-reason').fill('Window cleaner');
    await page.getByRole('button', { name: 'Record Paid out: $5.00' }).click();
    await expectText(page.getByTestId('drawer-expected'), '$15.00');
    await expectText(page.getByTestId('drawer-movement'), 'Window cleaner · Mo');
  }, 120_000);
});

/** Axe (WCAG 2.2 AA) and overflow findings on the page, light and dark, with a screenshot of each. */
async function check(page: Page, step: string, width: number): Promise<string[]> {
  const found: string[] = [];
  await page.waitForTimeout(150);
  for (const dark of [false, true]) {
    await theme(page, dark);
    const result = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .withTags(WCAG_22_AA)
      .analyze();
    found.push(
      ...result.violations.map(
        (v) => `${step} ${dark ? 'dark' : 'light'}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`,
      ),
    );
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (wide) found.push(`${step}: wider than ${width} px`);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(SHOTS, `${step}-${width}-${dark ? 'dark' : 'light'}.png`),
        fullPage: true,
      });
    }
  }
  await theme(page, false);
  return found;
}

async function theme(page: Page, dark: boolean) {
  const want = dark ? 'dark' : 'light';
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== want)
    await page.getByRole('button', { name: 'Switch light or dark' }).click();
  await page.waitForFunction((w) => document.documentElement.dataset.theme === w, want, { timeout: 5000 });
}
