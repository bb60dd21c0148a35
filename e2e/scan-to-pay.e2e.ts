import fs from 'node:fs';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, newEmail, registerThroughUi, type Stack, startStack } from './support';

/** Reads the QR code off a screenshot of the element, as a phone camera would. */
async function readQr(page: Page, selector: string): Promise<string> {
  const png = PNG.sync.read(await page.locator(selector).screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code could be read off the screen');
  return code.data;
}

/** In the browser: a business pairs a web terminal, a shopper pays by phone, the business refunds. */
describe('scan to pay in Chromium', () => {
  let s: Stack;
  /** The tablet paired by the first test; the next ones take more payments on it. */
  let tablet: Page;
  /** The business's console and its project, from the first test. */
  let merchant: Page;
  let projectUrl: string;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('pairs a virtual terminal, charges, is paid from a phone, shows it live and refunds it', async () => {
    // The business: sign up, a business and a project (as in workspace.e2e.ts).
    merchant = await (await s.context()).newPage();
    await registerThroughUi(merchant, s.origin, newEmail('merchant'));
    await merchant.goto(`${s.origin}/u/businesses`);
    await merchant.getByRole('button', { name: 'Add your first business' }).click();
    await merchant.fill('#biz-name', 'Acme Coffee');
    await merchant.getByRole('button', { name: 'Create business' }).click();
    await expectText(merchant.locator('.p-datatable'), 'Acme Coffee');
    await merchant.goto(`${s.origin}/p`);
    await merchant.getByRole('button', { name: 'Create a project' }).click();
    await merchant.fill('#project-name', 'Downtown store');
    // The only business is preselected.
    await expectText(merchant.locator('.p-dropdown:has(#project-business) .p-dropdown-label'), 'Acme Coffee');
    await merchant.getByRole('button', { name: 'Create project' }).click();
    await merchant.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/);
    projectUrl = merchant.url().replace(/\/dashboard$/, '');

    // A virtual terminal; creating it goes straight to its pairing code.
    await merchant.goto(`${projectUrl}/terminals`);
    await merchant.getByRole('button', { name: 'Add your first terminal' }).click();
    await merchant.fill('#terminal-label', 'Counter tablet');
    await merchant.getByRole('button', { name: 'Create terminal' }).click();
    const codeBox = merchant.getByTestId('pairing-code');
    await expectVisible(codeBox);
    const code = ((await codeBox.textContent()) ?? '').trim();
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    await expectVisible(merchant.getByRole('img', { name: /QR code of the pairing code/ }));
    await merchant.getByRole('button', { name: 'Done' }).click();
    // The owner's row actions are live once the page knows the role (also after a reload).
    await merchant.reload();
    await expectVisible(merchant.locator('button:not([disabled])[aria-label="Pair Counter tablet"]'));

    // The tablet: pair with the code (one click, it is in the link), then charge 12.50.
    tablet = await (await s.context({ width: 1024, height: 768 })).newPage();
    await tablet.goto(`${s.origin}/terminal?code=${code}`);
    await tablet.getByRole('button', { name: 'Pair' }).click();
    await expectText(tablet.getByTestId('terminal-label'), 'Counter tablet');
    for (const key of ['1', '2', '5', '0'])
      await tablet.getByRole('button', { name: key, exact: true }).click();
    await expectText(tablet.getByTestId('keypad-amount'), '$12.50');
    await tablet.getByRole('button', { name: 'Charge $12.50' }).click();
    await expectVisible(tablet.locator('[data-testid=payment-qr] svg'));
    await expectText(tablet.getByTestId('payment-amount'), '$12.50');
    // The console shows the terminal online, and the pending payment, which it then follows live.
    await merchant.goto(`${projectUrl}/terminals`);
    await expectText(merchant.locator('.p-datatable'), 'Online');
    await merchant.goto(`${projectUrl}/transactions`);
    const row = merchant.locator('tr', { hasText: '$12.50' });
    await expectText(row, 'Pending');

    // The shopper's phone: read the code off the tablet's screen and pay with Stripe's test Visa.
    const paymentUrl = await readQr(tablet, '[data-testid=payment-qr]');
    expect(paymentUrl).toMatch(new RegExp(`^${s.origin}/pay/[A-Za-z0-9_-]{20,}$`));
    const phone = await (await s.context({ width: 390, height: 844 })).newPage();
    await phone.goto(paymentUrl);
    await expectText(phone.getByTestId('pay-amount'), '$12.50');
    await expectText(phone.locator('.pay-merchant-name'), 'Acme Coffee');
    await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
    await phone.getByLabel('Expiry date').fill('12 / 34');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: /^Pay/ }).click();
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');

    // The tablet hears of it on its events stream.
    await expectVisible(tablet.locator('[data-testid=payment-result][data-status=succeeded]'));
    await expectText(tablet.getByTestId('payment-result'), 'Payment successful');
    // The same code again says it is paid.
    await phone.goto(paymentUrl);
    await expectText(phone.locator('.pay-result h1'), 'Already paid');

    // The console's table shows the payment without a reload (the project's live stream);
    // the business refunds it in full.
    await expectText(row, 'Succeeded');
    await expectText(row, '4242');
    await row.getByRole('link', { name: '$12.50' }).click();
    await merchant.waitForURL(/\/transactions\/txn_/);
    await expectText(merchant.locator('.transaction-timeline'), 'Payment attempt succeeded');
    await merchant.getByRole('button', { name: 'Refund' }).click();
    await merchant.locator('.p-dialog').getByRole('button', { name: 'Refund $12.50' }).click();
    await expectText(merchant.locator('.p-toast'), 'Refund issued');
    await expectText(merchant.locator('.page-header'), 'Refunded');
    await expectText(merchant.locator('.transaction-timeline'), 'Refund of $12.50');
    const transactionId = merchant.url().split('/').pop() ?? '';

    // Filtered by amount as people type it (12.50, sent as 1250 minor units), then every
    // matching row exported from the server.
    await merchant.goto(`${projectUrl}/transactions?amount[equals]=12.50`);
    await expectText(merchant.locator('tr', { hasText: '$12.50' }), 'Refunded');
    const [download] = await Promise.all([
      merchant.waitForEvent('download'),
      merchant.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('transactions.csv');
    expect(fs.readFileSync(await download.path(), 'utf8')).toContain(transactionId);
  });
  /** Charges on the paired tablet and opens its QR code on a new phone. */
  async function chargeAndScan(keys: string[], label: string) {
    if (
      tablet.url().includes('/terminal') &&
      (await tablet.getByRole('button', { name: 'New payment' }).count())
    )
      await tablet.getByRole('button', { name: 'New payment' }).click();
    for (const key of keys) await tablet.getByRole('button', { name: key, exact: true }).click();
    await tablet.getByRole('button', { name: `Charge ${label}` }).click();
    await expectVisible(tablet.locator('[data-testid=payment-qr] svg'));
    const phone = await (await s.context({ width: 390, height: 844, dark: true })).newPage();
    await phone.goto(await readQr(tablet, '[data-testid=payment-qr]'));
    await expectText(phone.getByTestId('pay-amount'), label);
    return phone;
  }

  async function payWith(phone: Page, card: string) {
    await phone.getByLabel('Card number').fill(card);
    await phone.getByLabel('Expiry date').fill('12 / 34');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: /^Pay/ }).click();
  }

  it('takes a card that needs authentication through the confirm step', async () => {
    const phone = await chargeAndScan(['5', '0', '0'], '$5.00');
    await payWith(phone, '4000 0027 6000 3184');
    await expectText(phone.locator('.pay-auth h1'), 'Authenticate');
    await expectText(tablet.getByTestId('payment-status'), 'authenticate');
    await phone.getByRole('button', { name: 'Complete authentication' }).click();
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');
    await expectVisible(tablet.locator('[data-testid=payment-result][data-status=succeeded]'));
  });

  it('a declined card is not the end: both screens say so, and another card pays', async () => {
    const phone = await chargeAndScan(['9', '9', '0'], '$9.90');
    await payWith(phone, '4000 0000 0000 0002');
    await expectText(phone.locator('.pay-alert'), /declined/i);
    // One clear message, and the declined number is gone (the field has the focus).
    const alert = (await phone.locator('.pay-alert').textContent()) ?? '';
    expect(alert.match(/another card/gi), alert).toHaveLength(1);
    expect(await phone.inputValue('#card-number')).toBe('');
    expect(await phone.evaluate(() => document.activeElement?.id)).toBe('card-number');
    await expectVisible(tablet.locator('[data-testid=payment-status][data-status=declined]'));
    await expectText(tablet.getByTestId('payment-status'), 'Declined — try another card');
    // The same code, another card.
    await payWith(phone, '4242 4242 4242 4242');
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');
    await expectVisible(tablet.locator('[data-testid=payment-result][data-status=succeeded]'));
  });

  it('cancels a pending payment from the terminal, back to idle; the code then says so', async () => {
    const phone = await chargeAndScan(['3', '0', '0'], '$3.00');
    await tablet.getByRole('button', { name: 'Cancel' }).click();
    await expectText(tablet.getByTestId('terminal-idle'), 'The payment of $3.00 was canceled.');
    await phone.reload();
    await expectText(phone.locator('.pay-result h1'), 'This payment was canceled');
  });

  it('the register drives the terminal: a checkout pushed with an API key takes the screen, its cancel clears it', async () => {
    if (await tablet.getByRole('button', { name: 'New payment' }).count())
      await tablet.getByRole('button', { name: 'New payment' }).click();
    await expectText(tablet.getByTestId('terminal-connection'), 'Online');
    await expectText(tablet.getByTestId('terminal-idle'), 'Waiting for the register');

    // The register's server: a write key from the console.
    await merchant.goto(`${projectUrl}/api-keys`);
    await merchant
      .getByRole('button', { name: /Create a key|New key/ })
      .first()
      .click();
    await merchant.fill('#key-name', 'Register 1');
    await merchant.locator('.p-dropdown:has(#key-mode)').click();
    await merchant.getByRole('option', { name: /^Write/ }).click();
    await merchant.getByRole('button', { name: 'Create key' }).click();
    const key = ((await merchant.getByTestId('api-key-secret').textContent()) ?? '').trim();
    expect(key).toMatch(/^sl_/);
    const terminalId = await tablet.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('scanline.terminal.device') ?? '{}') as { terminal: { id: string } })
          .terminal.id,
    );
    const register = async (path: string, body?: unknown) =>
      merchant.evaluate(
        async ({ path, body, key }) => {
          const res = await fetch(path, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              ...(body ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          return { status: res.status, body: await res.json() };
        },
        { path, body, key },
      );

    // No currency: the project's. The tablet shows it at once, with the reference and a QR code.
    const created = await register('/terminal/v1/transactions', {
      amount: 2475,
      terminal_id: terminalId,
      reference: 'Basket 1042',
    });
    expect(created.status).toBe(201);
    expect(created.body.currency).toBe('USD');
    await expectText(tablet.getByTestId('payment-amount'), '$24.75');
    await expectVisible(tablet.locator('[data-testid=payment-qr] svg'));
    await expectText(tablet.locator('.term-pay'), 'Basket 1042');

    const canceled = await register(`/terminal/v1/transactions/${created.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    await expectText(tablet.getByTestId('terminal-idle'), 'The payment of $24.75 was canceled.');
  });

  it("a shopper pays through the terminal's sticker and gets a receipt", async () => {
    await merchant.goto(`${projectUrl}/terminals`);
    await merchant.getByRole('link', { name: 'Counter tablet' }).click();
    await expectVisible(merchant.getByRole('img', { name: 'Sticker QR code of Counter tablet' }));
    const stickerUrl = ((await merchant.getByTestId('sticker-url').textContent()) ?? '').trim();
    expect(stickerUrl).toMatch(new RegExp(`^${s.origin}/s/[A-Za-z0-9]{32,64}$`));

    const phone = await (await s.context({ width: 390, height: 844 })).newPage();
    await phone.goto(stickerUrl);
    await expectText(phone.locator('.pay-merchant-name'), 'Acme Coffee');
    await phone.getByLabel('Amount (USD)').fill('0.10');
    await phone.getByRole('button', { name: 'Continue to payment' }).click();
    await expectText(phone.locator('.pay-error'), 'Enter an amount from $0.50 to $10,000.00.');
    await phone.getByLabel('Amount (USD)').fill('7.25');
    await phone.getByLabel('Note for the merchant (optional)').fill('Table 4');
    await phone.getByRole('button', { name: 'Continue to payment' }).click();
    await phone.waitForURL(/\/pay\//);
    await expectText(phone.getByTestId('pay-amount'), '$7.25');
    // The shopper's own note shows back to them while they pay.
    await expectText(phone.getByTestId('pay-note'), 'Table 4');
    await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
    await phone.getByLabel('Expiry date').fill('12 / 34');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: /^Pay/ }).click();
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');

    await phone.getByLabel('Email me this receipt').fill('shopper@example.test');
    await phone.getByRole('button', { name: 'Send receipt' }).click();
    await expectText(phone.locator('.pay-receipt'), 'Receipt sent to shopper@example.test.');
    const mail = await s.smtp.waitForMail('shopper@example.test', {
      subject: /Your receipt from Acme Coffee/,
    });
    const receiptUrl = mail.links.find((l) => l.includes('/receipts/'))!;
    const [receipt] = await Promise.all([
      phone.context().waitForEvent('page'),
      phone.getByRole('link', { name: 'View receipt' }).click(),
    ]);
    await receipt.waitForLoadState();
    expect(receipt.url()).toBe(receiptUrl);
    await expectText(receipt.locator('.total'), '$7.25');
    await expectText(receipt.locator('table'), 'Visa •••• 4242');
    await expectText(receipt.locator('table'), 'Table 4');
  });
});
