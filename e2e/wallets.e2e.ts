import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Set to a folder to keep a screenshot of every step, light and dark. */
const SHOTS = process.env.WALLET_SHOTS;

/**
 * Wallets (docs/guide/wallets.md) with the payment simulator: the shopper's phone opens the pay
 * page, pays through the wallet sheet with Google Pay, and the receipt says "Google Pay •••• 4242";
 * the console names the wallet on the transaction and explains, for a simulator business, that
 * nothing needs registering. Axe-clean light and dark, nothing wider than the phone.
 */
describe('Apple Pay and Google Pay through the simulator’s wallet sheet (Chromium)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('pays with Google Pay from the wallet sheet and sees the wallet on the receipt and in the console', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project, business } = await signedUpWithProject(s, merchant, { tag: 'wallet' });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Front counter', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const { device_token } = await post('/terminal/v1/pair', { code }, {});
    const txn = await post(
      '/terminal/v1/transactions',
      { amount: 1850, currency: 'USD' },
      { authorization: `Bearer ${device_token}`, 'idempotency-key': 'wallet-e2e-1' },
    );

    const context = await s.browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const phone = await context.newPage();
    const found: string[] = [];
    await phone.goto(txn.payment_url);
    await expectText(phone.getByTestId('pay-amount'), '$18.50');
    found.push(...(await check(phone, 'pay-page')));

    // The wallet button opens the sheet: the payee, the card and the amount; Escape closes it.
    await phone.getByRole('button', { name: 'Apple Pay or Google Pay' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Wallet' });
    await expectVisible(sheet);
    await expectText(sheet, 'Acme Coffee');
    await expectText(sheet, 'Visa ••4242');
    found.push(...(await check(phone, 'wallet-sheet')));
    await phone.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);

    await phone.getByRole('button', { name: 'Apple Pay or Google Pay' }).click();
    await sheet.getByRole('radio', { name: 'Google Pay' }).check();
    await sheet.getByRole('button', { name: 'Pay $18.50' }).click();
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');
    found.push(...(await check(phone, 'paid')));

    const [receipt] = await Promise.all([
      context.waitForEvent('page'),
      phone.getByRole('link', { name: 'View receipt' }).click(),
    ]);
    await expectText(receipt.locator('body'), 'Google Pay •••• 4242');

    // The console: the wallet beside the card; the business on the simulator registers nothing.
    await merchant.goto(`${s.origin}/p/${project.id}/transactions/${txn.id}`);
    await expectText(merchant.locator('.facts'), 'Visa •••• 4242 · Google Pay');
    await merchant.goto(`${s.origin}/u/businesses`);
    await merchant.getByRole('button', { name: `Wallets of ${business.name}` }).click();
    await expectText(merchant.locator('.p-dialog'), 'payment simulator');
    expect(found).toEqual([]);
  });
});

async function check(page: Page, step: string): Promise<string[]> {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.waitForTimeout(100);
    const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    found.push(
      ...result.violations.map(
        (v) => `${step} ${dark ? 'dark' : 'light'}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`,
      ),
    );
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      found.push(`${step}: wider than the phone`);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(SHOTS, `${step}-${dark ? 'dark' : 'light'}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
