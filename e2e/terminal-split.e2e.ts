import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Set to a folder to keep a screenshot of every step, light and dark. */
const SHOTS = process.env.TERMINAL_SPLIT_SHOTS;

/**
 * Splitting the bill on the web terminal (docs/guide/tenders.md#splitting-the-bill): €30.00 split
 * in three, each share's QR code read off the terminal's screen by a phone of its own and paid
 * with the simulator's test Visa, the terminal showing each share land and then the success; one
 * share by phone and the rest in cash; a cancel after a share, asked first, that refunds it.
 * Axe-clean, light and dark, nothing wider than the screen, on a phone and on a tablet.
 */
describe('splitting the bill on the web terminal (Chromium)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  /** A paired terminal of a new euro project at `width`, and a way to charge on it. */
  async function till(tag: string, width: number) {
    const merchant = await (await s.context()).newPage();
    const { post, project } = await signedUpWithProject(s, merchant, { tag, country: 'DE', currency: 'EUR' });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Table 4', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const page = await (await s.context({ width, height: width > 500 ? 800 : 844 })).newPage();
    const press = async (keys: string[]) => {
      for (const k of keys) await page.getByRole('button', { name: k, exact: true }).click();
    };
    await page.goto(`${s.origin}/terminal?code=${code}`);
    await page.getByRole('button', { name: 'Pair' }).click();
    await expectText(page.getByTestId('terminal-label'), 'Table 4');
    const charge = async (keys: string[], label: string) => {
      await press(keys);
      await page.getByRole('button', { name: `Charge ${label}` }).click();
      await expectVisible(page.locator('[data-testid=payment-qr] svg'));
    };
    return { page, press, charge };
  }

  /** A shopper's phone reads the share on the terminal's screen and pays it with the test Visa. */
  async function payShareByPhone(terminal: Page, amount: string) {
    await expectVisible(terminal.locator('[data-testid=split-qr] svg'));
    const url = await readQr(terminal, '[data-testid=split-qr]');
    expect(url).toMatch(new RegExp(`^${s.origin}/pay/`));
    expect(await terminal.getByTestId('split-share-link').getAttribute('href')).toBe(url);
    const phone = await (await s.context({ width: 390, height: 844 })).newPage();
    await phone.goto(url);
    await expectText(phone.getByTestId('pay-amount'), amount);
    await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
    await phone.getByLabel('Expiry date').fill('12 / 34');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: /^Pay/ }).click();
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');
    await phone.context().close();
  }

  for (const width of [1280, 390] as const)
    it(`three shares paid by three phones, each seen landing, then success, at ${width} px`, async () => {
      const { page, charge } = await till(`split3-${width}`, width);
      const found: string[] = [];
      await charge(['3', '0', '0', '0'], '€30.00');
      await page.getByTestId('method-split').click();

      // How many shares: 2 at first, 3 after one "More shares", €10.00 each.
      await expectText(page.getByTestId('split-count'), '2 shares');
      await expectText(page.getByTestId('split-each'), '€15.00 each');
      expect(await page.getByRole('button', { name: 'Fewer shares' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'More shares' }).click();
      await expectText(page.getByTestId('split-count'), '3 shares');
      await expectText(page.getByTestId('split-each'), '€10.00 each');
      found.push(...(await check(page, 'split-choose', width)));
      await page.getByRole('button', { name: 'Split in 3' }).click();

      // Share 1 of 3 on screen, nothing paid yet.
      await expectText(page.getByTestId('split-share-title'), 'Share 1 of 3 — €10.00');
      await expectText(page.getByTestId('split-due'), 'Left to pay: €30.00');
      await expectText(page.getByTestId('split-paid-count'), '0 of 3 shares paid');
      found.push(...(await check(page, 'split-share-1', width)));

      for (const n of [1, 2, 3]) {
        await expectText(page.getByTestId('split-share-title'), `Share ${n} of 3 — €10.00`);
        await payShareByPhone(page, '€10.00');
        if (n === 3) break;
        // The terminal hears of it: the share is ticked, what is due shrinks, the next share shows.
        await expectText(page.getByTestId('split-paid-count'), `${n} of 3 shares paid`);
        await expectText(page.getByTestId('split-due'), `Left to pay: €${30 - 10 * n}.00`);
        await expectVisible(page.locator(`[data-testid=split-chip][data-status=succeeded] >> nth=${n - 1}`));
        await expectText(page.getByTestId('split-share-title'), `Share ${n + 1} of 3 — €10.00`);
        if (n === 2) found.push(...(await check(page, 'split-share-3', width)));
      }
      await expectVisible(page.locator('[data-testid=payment-result][data-status=succeeded]'));
      await expectText(page.getByTestId('payment-result'), 'Payment successful');
      await expectText(page.getByTestId('payment-result-amount'), '€30.00');
      expect(found).toEqual([]);
    }, 180_000);

  it('reads in German and fits a phone: the stepper, a share and the question before a cancel', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project } = await signedUpWithProject(s, merchant, {
      tag: 'splitde',
      country: 'DE',
      currency: 'EUR',
    });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Tisch 4', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const page = await (await s.context({ width: 390, height: 844, locale: 'de-DE' })).newPage();
    await page.goto(`${s.origin}/terminal?code=${code}`);
    await page.locator('button[type=submit]').click();
    await expectText(page.getByTestId('terminal-label'), 'Tisch 4');
    for (const k of ['3', '0', '0', '0']) await page.getByRole('button', { name: k, exact: true }).click();
    await page.getByRole('button', { name: /30,00.*kassieren/ }).click();
    await expectVisible(page.locator('[data-testid=payment-qr] svg'));
    await page.getByTestId('method-split').click();
    await page.getByRole('button', { name: 'Mehr Anteile' }).click();
    await expectText(page.getByTestId('split-each'), 'Je 10,00');
    const found = await check(page, 'split-choose-de', 390);
    await page.getByRole('button', { name: 'In 3 teilen' }).click();
    await expectText(page.getByTestId('split-share-title'), 'Anteil 1 von 3 — 10,00');
    found.push(...(await check(page, 'split-share-de', 390)));
    await page.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    await expectText(page.getByTestId('split-confirm'), 'Noch ist kein Anteil bezahlt');
    found.push(...(await check(page, 'split-confirm-de', 390)));
    expect(found).toEqual([]);
  }, 120_000);

  it('one share by phone, the rest in cash through the cash tender', async () => {
    const { page, press, charge } = await till('splitcash', 1280);
    // The drawer opened first, with a float, from the terminal's menu.
    await page.getByRole('button', { name: 'Drawer', exact: true }).click();
    await press(['5', '0', '0', '0']);
    await page.getByRole('button', { name: 'Open the drawer with €50.00' }).click();
    await expectText(page.getByTestId('drawer-expected'), '€50.00');
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    await charge(['3', '0', '0', '0'], '€30.00');
    await page.getByTestId('method-split').click();
    await page.getByRole('button', { name: 'More shares' }).click();
    await page.getByRole('button', { name: 'Split in 3' }).click();
    await payShareByPhone(page, '€10.00');
    await expectText(page.getByTestId('split-due'), 'Left to pay: €20.00');
    await page.getByRole('button', { name: 'Rest in cash (€20.00)' }).click();
    await expectVisible(page.getByTestId('cash-tender'));
    await page.getByRole('button', { name: 'Exact amount' }).click();
    await expectText(page.getByTestId('cash-change'), '€0.00');
    await page.getByRole('button', { name: 'Take €20.00 in cash' }).click();
    await expectVisible(page.locator('[data-testid=payment-result][data-status=succeeded]'));
    await expectText(page.getByTestId('payment-result'), 'Payment successful');
  }, 120_000);

  it('a cancel after one share asks first, says the share is refunded, and cancels', async () => {
    const { page, charge } = await till('splitcancel', 390);
    await charge(['3', '0', '0', '0'], '€30.00');
    await page.getByTestId('method-split').click();
    await page.getByRole('button', { name: 'More shares' }).click();
    await page.getByRole('button', { name: 'Split in 3' }).click();
    await payShareByPhone(page, '€10.00');
    await expectText(page.getByTestId('split-paid-count'), '1 of 3 shares paid');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectText(page.getByTestId('split-confirm'), 'The €10.00 already paid by card will be refunded');
    // "Keep paying" has the focus: Enter keeps the payment going.
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('split-qr'));
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const found = await check(page, 'split-confirm', 390);
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    // The terminal goes back to idle and says so, as for any canceled payment.
    await expectText(page.getByTestId('terminal-idle'), 'The payment of €30.00 was canceled.');
    expect(found).toEqual([]);
  }, 120_000);
});

/** Reads the QR code off a screenshot of the element, as a phone camera would. */
async function readQr(page: Page, selector: string): Promise<string> {
  const png = PNG.sync.read(await page.locator(selector).screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code could be read off the screen');
  return code.data;
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
    await page.getByRole('button', { name: /^(Switch light or dark|Hell oder dunkel)/ }).click();
  await page.waitForFunction((w) => document.documentElement.dataset.theme === w, want, { timeout: 5000 });
}
