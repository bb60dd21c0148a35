import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Set to a folder to keep a screenshot of every step, light and dark. */
const SHOTS = process.env.TERMINAL_BASKET_SHOTS;

/**
 * Selling from the catalogue on the web terminal (docs/guide/baskets.md#on-the-web-terminal): a
 * catalogue in two categories; a basket of 5 items built from the grid (a variant, a quantity
 * raised with +, a category chip, a search, a favourite, a custom amount from the keypad); the
 * shopper's phone sees the lines on the pay page and pays with the simulator's card; the receipt
 * and the console's transaction page list the lines. Axe-clean, light and dark, nothing wider than
 * the screen, on a phone (390 px) and a 10" tablet (1280×800).
 */
describe('a basket on the web terminal (Chromium)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const)
    it(`sells 5 items from the grid and the shopper pays them at ${width} px`, async () => {
      const merchant = await (await s.context()).newPage();
      const { post, project } = await signedUpWithProject(s, merchant, {
        tag: `basket${width}`,
        country: 'DE',
        currency: 'EUR',
      });
      const items = `/api/v1/projects/${project.id}/items`;
      await post(items, { name: 'Espresso', category: 'Coffee', price: 250, tax_rate: 7 });
      await post(items, {
        name: 'Flat white',
        category: 'Coffee',
        tax_rate: 7,
        variants: [
          { name: 'Small', price: 320 },
          { name: 'Large', price: 390 },
        ],
      });
      await post(items, { name: 'Croissant', category: 'Bakery', price: 180, tax_rate: 7 });
      await post(items, { name: 'Brownie', category: 'Bakery', price: 300, tax_rate: 7 });
      const terminals = `/terminal/v1/projects/${project.id}/terminals`;
      const terminal = await post(terminals, { label: 'Till 1', kind: 'virtual' });
      const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});

      const context = await s.browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const found: string[] = [];
      const look = async (step: string) => {
        found.push(...(await check(page, step, width)));
      };
      const tile = (name: string) => page.getByTestId('item-tile').filter({ hasText: name });

      await page.goto(`${s.origin}/terminal?code=${code}`);
      await page.getByRole('button', { name: 'Pair' }).click();
      await expectText(page.getByTestId('terminal-label'), 'Till 1');
      await expectVisible(page.getByTestId('item-grid'));
      await expect.poll(() => page.getByTestId('item-tile').count()).toBe(4);
      await look('grid');

      // Two espressos (the second with +), a large flat white from its variants.
      await tile('Espresso').click();
      await page.getByRole('button', { name: 'One more Espresso' }).click();
      await tile('Flat white').click();
      await expectVisible(page.getByTestId('item-variants'));
      await page.getByTestId('item-variants').getByRole('button', { name: /Large/ }).click();
      // A croissant from its category, kept as a favourite; a brownie found by search, then removed.
      await page.getByRole('button', { name: 'Bakery', exact: true }).click();
      await expect.poll(() => page.getByTestId('item-tile').count()).toBe(2);
      await page.getByRole('button', { name: 'Favourite: Croissant' }).click();
      await tile('Croissant').click();
      await page.getByRole('button', { name: /Favourites/ }).click();
      await expect.poll(() => page.getByTestId('item-tile').count()).toBe(1);
      await page.getByLabel('Search items').fill('brow');
      await expect.poll(() => page.getByTestId('item-tile').count()).toBe(1);
      await tile('Brownie').click();
      await page.getByRole('button', { name: 'Remove Brownie' }).click();
      await page.getByLabel('Search items').fill('');
      // €1.50 typed on the keypad: an ad-hoc line.
      await page.getByRole('button', { name: 'Custom amount', exact: true }).click();
      for (const k of ['1', '5', '0']) await page.getByRole('button', { name: k, exact: true }).click();
      await expectText(page.getByTestId('custom-amount'), '€1.50');
      await page.getByRole('button', { name: 'Add €1.50' }).click();

      await expect.poll(() => page.getByTestId('basket-line').count()).toBe(4);
      await expectText(page.getByTestId('basket-count'), '5 items');
      await expectText(page.getByTestId('basket-total'), '€12.20');
      await expect(page.getByTestId('basket-quantity').allTextContents()).resolves.toEqual([
        '2',
        '1',
        '1',
        '1',
      ]);
      await look('basket');

      // Charged as lines: the server prices them to the same €12.20.
      await page.getByRole('button', { name: 'Charge €12.20' }).click();
      await expectVisible(page.locator('[data-testid=payment-qr] svg'));
      await expectText(page.getByTestId('payment-amount'), '€12.20');
      const paymentUrl = (await page.getByTestId('payment-link').getAttribute('href')) ?? '';

      // The shopper's phone: the lines behind "5 items", then the simulator's card.
      const phone = await (await s.context({ width: 390, height: 844 })).newPage();
      await phone.goto(paymentUrl);
      await expectText(phone.getByTestId('pay-amount'), '€12.20');
      const toggle = phone.getByRole('button', { name: /5 items/ });
      await expectVisible(toggle);
      await expect(phone.getByTestId('pay-line').first().isVisible()).resolves.toBe(false);
      await toggle.click();
      await expectText(phone.getByTestId('pay-lines'), '2 × Espresso');
      await expectText(phone.getByTestId('pay-lines'), '1 × Flat white (Large)');
      await expectText(phone.getByTestId('pay-lines'), '1 × Custom amount');
      if (SHOTS) await phone.screenshot({ path: path.join(SHOTS, `pay-lines-${width}.png`), fullPage: true });
      found.push(...(await axeFindings(phone, 'pay page lines open')));
      await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
      await phone.getByLabel('Expiry date').fill('12 / 34');
      await phone.getByLabel('CVC').fill('123');
      await phone.getByRole('button', { name: /^Pay/ }).click();
      await expectText(phone.locator('.pay-result h1'), 'Payment successful');
      await expectVisible(page.locator('[data-testid=payment-result][data-status=succeeded]'));

      // On a wide screen the lines are open without a toggle.
      const wide = await (await s.context({ width: 1280, height: 800 })).newPage();
      await wide.goto(paymentUrl);
      await expectVisible(wide.getByTestId('pay-line').first());
      found.push(...(await axeFindings(wide, 'pay page lines wide')));

      // The receipt lists the lines.
      const receiptUrl = (await phone.getByRole('link', { name: 'View receipt' }).getAttribute('href')) ?? '';
      const receipt = await (await s.context({ width: 390, height: 844 })).newPage();
      await receipt.goto(new URL(receiptUrl, s.origin).href);
      await expectText(receipt.locator('section.lines'), '2 × Espresso');
      await expectText(receipt.locator('section.lines'), 'Flat white (Large)');
      await expectText(receipt.locator('section.lines'), 'Croissant');
      await expectText(receipt.locator('section.lines'), 'Custom amount');
      await expectText(receipt.locator('.total'), '€12.20');

      // The console's transaction page lists them too.
      await merchant.goto(`${s.origin}/p/${project.id}/transactions`);
      await merchant.locator('tr', { hasText: '€12.20' }).getByRole('link').first().click();
      await merchant.waitForURL(/\/transactions\/txn_/);
      await expect.poll(() => merchant.getByTestId('line-item').count()).toBe(4);
      await expectText(merchant.getByTestId('line-items'), 'Flat white (Large)');
      await expectText(merchant.getByTestId('line-items'), '7%');
      if (SHOTS)
        await merchant.screenshot({ path: path.join(SHOTS, `console-items-${width}.png`), fullPage: true });

      // Back to the grid, favourites first, basket empty.
      await page.getByRole('button', { name: 'New payment' }).click();
      await expect.poll(() => page.getByTestId('item-tile').count()).toBe(1);
      await expectText(page.getByTestId('basket-count'), '0 items');

      // In German, the same grid with a line in the basket.
      await page.goto(`${s.origin}/terminal?lang=de`);
      await page.getByRole('button', { name: 'Alle', exact: true }).click();
      await tile('Espresso').click();
      await expectText(page.getByTestId('basket-count'), '1 Artikel');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
        .toBe(false);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `basket-de-${width}.png`), fullPage: true });

      expect(found).toEqual([]);
      await context.close();
    }, 180_000);

  it('a terminal whose catalogue is empty keeps the amount keypad', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project } = await signedUpWithProject(s, merchant, { tag: 'basketnone' });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Till 2', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const page = await (await s.context({ width: 1280, height: 800 })).newPage();
    await page.goto(`${s.origin}/terminal?code=${code}`);
    await page.getByRole('button', { name: 'Pair' }).click();
    await expectText(page.getByTestId('terminal-label'), 'Till 2');
    for (const k of ['4', '0', '0']) await page.getByRole('button', { name: k, exact: true }).click();
    await expectText(page.getByTestId('keypad-amount'), '$4.00');
    await page.waitForTimeout(500);
    await expect.poll(() => page.getByTestId('item-grid').count()).toBe(0);
  });

  it('takes a custom amount from a hardware keyboard over the grid', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project } = await signedUpWithProject(s, merchant, { tag: 'basketkeys' });
    await post(`/api/v1/projects/${project.id}/items`, { name: 'Tea', category: 'Drinks', price: 200 });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Till 3', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const page = await (await s.context({ width: 1280, height: 800 })).newPage();
    await page.goto(`${s.origin}/terminal?code=${code}`);
    await page.getByRole('button', { name: 'Pair' }).click();
    await expectVisible(page.getByTestId('item-grid'));
    await page.keyboard.type('375');
    await expectText(page.getByTestId('custom-amount'), '$3.75');
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('basket-total'), '$3.75');
    // Tab to a tile and press it: Enter on a button presses that button only.
    await page.getByTestId('item-tile').focus();
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('basket-total'), '$5.75');
    await expectText(page.getByTestId('basket-count'), '2 items');
  });
});

/** Axe (WCAG 2.2 AA) findings on a page as it is. */
async function axeFindings(page: Page, step: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.map((v) => `${step}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`);
}

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
