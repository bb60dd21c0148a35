import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

type Post = Awaited<ReturnType<typeof signedUpWithProject>>['post'];

/** Reads the QR code off a screenshot of the element, as a phone camera would. */
async function readQr(page: Page, selector: string): Promise<string> {
  const png = PNG.sync.read(await page.locator(selector).screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code could be read off the screen');
  return code.data;
}

/** In the browser: tips on the shopper's phone, cashiers on the web terminal. */
describe('at the counter in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  /** A virtual terminal paired in a tablet-sized browser through its pairing link. */
  async function pairedTablet(post: Post, projectId: string) {
    const terminals = `/terminal/v1/projects/${projectId}/terminals`;
    const terminal = await post(terminals, { label: 'Counter tablet', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const tablet = await (await s.context({ width: 1024, height: 768 })).newPage();
    await tablet.goto(`${s.origin}/terminal?code=${code}`);
    await tablet.getByRole('button', { name: 'Pair' }).click();
    await expectText(tablet.getByTestId('terminal-label'), 'Counter tablet');
    return tablet;
  }
  const press = async (page: Page, keys: string[]) => {
    for (const key of keys) await page.getByRole('button', { name: key, exact: true }).click();
  };
  /** The shopper pays the tablet's code on a phone with Stripe's test Visa. */
  async function payOnPhone(tablet: Page, beforePay?: (phone: Page) => Promise<void>) {
    await expectVisible(tablet.locator('[data-testid=payment-qr] svg'));
    const phone = await (await s.context({ width: 390, height: 844 })).newPage();
    await phone.goto(await readQr(tablet, '[data-testid=payment-qr]'));
    await beforePay?.(phone);
    await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
    await phone.getByLabel('Expiry date').fill('12 / 34');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: /^Pay/ }).click();
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');
    return phone;
  }

  it('a shopper picks 15 % on a phone and the terminal shows the total', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project, auth } = await signedUpWithProject(s, merchant, { tag: 'tips' });
    const patch = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers: auth,
      payload: { tipping: { enabled: true, percentages: [10, 15, 20] } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const tablet = await pairedTablet(post, project.id);
    // No staff: today's flow, no lock screen.
    await press(tablet, ['2', '4', '7', '5']);
    await tablet.getByRole('button', { name: 'Charge $24.75' }).click();

    const phone = await payOnPhone(tablet, async (p) => {
      await expectText(p.getByTestId('pay-amount'), '$24.75');
      // The choices come before the card form, each with what it adds (15 % of 24.75 = 3.7125 → 3.71).
      const fifteen = p.getByRole('button', { name: /15\s?%/ });
      await expectText(fifteen, '+$3.71');
      await expectText(p.getByRole('button', { name: /10\s?%/ }), '+$2.48');
      await expectVisible(p.getByRole('button', { name: 'No tip' }));
      await expectVisible(p.getByRole('button', { name: 'Custom' }));
      await fifteen.click();
      await expectText(p.getByTestId('pay-amount'), '$28.46');
      await expectText(p.getByTestId('pay-tip-line'), '$24.75 + $3.71 tip');
      await expectVisible(p.getByRole('button', { name: 'Pay $28.46' }));
      // Fits a phone: nothing wider than the screen.
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    });
    await expectText(phone.locator('.pay-result'), 'You paid $28.46');

    await expectVisible(tablet.locator('[data-testid=payment-result][data-status=succeeded]'));
    await expectText(tablet.getByTestId('payment-result-amount'), '$28.46');
    await expectText(tablet.getByTestId('payment-result-tip'), '$24.75 + $3.71 tip');
  });

  it('a cashier signs in on the web terminal and charges; a manager refunds', async () => {
    const merchant = await (await s.context()).newPage();
    const { post, project, auth } = await signedUpWithProject(s, merchant, { tag: 'cashiers' });
    // The owner adds the cashier on the Staff screen, the manager through the API.
    await merchant.goto(`${s.origin}/p/${project.id}/staff`);
    await merchant.getByRole('button', { name: 'Add a cashier' }).click();
    await merchant.fill('#staff-name', 'Ana');
    await merchant.fill('#staff-pin', '1234');
    await merchant.locator('.p-dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await expectText(merchant.locator('.p-datatable'), 'Ana');
    await post(`/api/v1/projects/${project.id}/staff`, { name: 'Mo', pin: '9876', role: 'manager' });

    const tablet = await pairedTablet(post, project.id);
    // Locked until a cashier signs in with the PIN pad.
    await expectVisible(tablet.getByTestId('cashier-lock'));
    await press(tablet, ['1', '1', '1', '1']);
    await tablet.getByRole('button', { name: 'Sign in' }).click();
    await expectText(tablet.getByTestId('cashier-error'), 'Wrong PIN');
    await press(tablet, ['1', '2', '3', '4']);
    await tablet.getByRole('button', { name: 'Sign in' }).click();
    await expectText(tablet.getByTestId('cashier-name'), 'Ana');

    await press(tablet, ['1', '0', '0', '0']);
    await tablet.getByRole('button', { name: 'Charge $10.00' }).click();
    await payOnPhone(tablet);
    await expectVisible(tablet.locator('[data-testid=payment-result][data-status=succeeded]'));
    await expectText(tablet.getByTestId('payment-result'), 'Served by Ana');
    await expectText(tablet.getByTestId('cashier-name'), 'Ana');
    await tablet.getByRole('button', { name: 'New payment' }).click();

    // A cashier is offered no refund form, only how to call a manager.
    const recent = tablet.getByTestId('recent-payment').first();
    await expectText(recent, '$10.00');
    await expectText(tablet.getByTestId('refund-call-manager'), 'Refunds need a manager');
    expect(await recent.getByRole('button', { name: 'Refund' }).count()).toBe(0);

    // "Switch cashier": the manager signs in and refunds it.
    await tablet.getByRole('button', { name: 'Switch cashier' }).click();
    await expectVisible(tablet.getByTestId('cashier-lock'));
    await press(tablet, ['9', '8', '7', '6']);
    await tablet.getByRole('button', { name: 'Sign in' }).click();
    await expectText(tablet.getByTestId('cashier-name'), 'Mo');
    const again = tablet.getByTestId('recent-payment').first();
    expect(await tablet.getByTestId('refund-call-manager').count()).toBe(0);
    await again.getByRole('button', { name: 'Refund' }).click();
    // Enter in the amount submits; the amount is shown for confirmation before anything is refunded.
    const amount = again.locator('.term-refund input');
    await amount.fill('4');
    await amount.press('Enter');
    await expectText(again.getByTestId('refund-confirm'), 'Refund $4.00');
    await again.getByRole('button', { name: 'Back' }).click();
    // Empty: all that is left, shown as such.
    await amount.fill('');
    await amount.press('Enter');
    await expectText(again.getByTestId('refund-confirm'), 'Refund $10.00');
    const unrefunded = await s.t.app.inject({
      url: `/api/v1/projects/${project.id}/transactions`,
      headers: auth,
    });
    expect(unrefunded.json().data[0]).toMatchObject({ status: 'succeeded', amount_refunded: 0 });
    await again.getByRole('button', { name: 'Refund $10.00' }).click();
    await expectText(tablet.getByTestId('refund-message'), 'Refunded $10.00');

    const list = await s.t.app.inject({ url: `/api/v1/projects/${project.id}/transactions`, headers: auth });
    expect(list.json().data[0]).toMatchObject({
      status: 'refunded',
      cashier_name: 'Ana',
      amount_refunded: 1000,
    });
  });
});
