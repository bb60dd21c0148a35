import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPayoutsNow } from '../apps/server/src/domain/books/run-payouts';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

/** In the browser: the web terminal closes its day; the console shows closes and a payout. */
describe('closes and payouts in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('the web terminal shows the X report and closes the day after a confirmation; the console shows the payout', async () => {
    const merchant: Page = await (await s.context()).newPage();
    const { post, project, auth } = await signedUpWithProject(s, merchant, { tag: 'books' });
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: 'Counter tablet', kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});

    // The tablet pairs; two payments are made on its terminal and paid from a phone (APIs).
    const tablet = await (await s.context({ width: 390, height: 844, dark: true })).newPage();
    await tablet.goto(`${s.origin}/terminal?code=${code}`);
    await tablet.getByRole('button', { name: 'Pair' }).click();
    await expectText(tablet.getByTestId('terminal-label'), 'Counter tablet');
    for (const [i, amount] of [1250, 800].entries()) {
      const txn = await post(
        '/terminal/v1/transactions',
        { amount, terminal_id: terminal.id },
        { ...auth, 'idempotency-key': `books-e2e-${i}` },
      );
      const scan = await post('/mobile/v1/scans', { token: String(txn.payment_url).split('/').pop() }, {});
      await post(`/mobile/v1/scans/${scan.id}/payments`, { payment_method: 'pm_card_visa' }, {});
    }

    // "Close the day": the X report first, then the close after the confirmation.
    await tablet.getByRole('button', { name: 'Close the day' }).click();
    const screen = tablet.locator('.term-close');
    await expectText(screen.getByTestId('term-net'), '$20.50');
    tablet.once('dialog', (d) => void d.accept());
    await screen.getByRole('button', { name: 'Close the day' }).click();
    await expectText(screen.locator('h1'), 'Close #1 made');
    await expectText(screen, /SHA-256 [0-9a-f]{64}/);
    await screen.getByRole('button', { name: 'Done' }).click();
    await expectVisible(tablet.getByTestId('keypad-amount'));

    // The console: the Closes screen lists it; its page shows the figures and the hash.
    const base = `${s.origin}/p/${project.id}`;
    await merchant.goto(`${base}/closes`);
    await expectText(merchant.locator('.p-datatable'), 'Counter tablet');
    await merchant.locator('.p-datatable a[href*="/closes/cls_"]').first().click();
    await merchant.waitForURL(/\/closes\/cls_/);
    await expectText(merchant.getByTestId('close-sheet'), 'Z report #1');
    await expectText(merchant.locator('[data-testid=figures-USD] [data-testid=net]'), '$20.50');
    await expectText(merchant.getByTestId('close-hash'), /[0-9a-f]{64}/);
    await merchant.goto(`${base}/closes`);
    await merchant.getByRole('button', { name: 'Verify the chain' }).click();
    await expectText(merchant.getByTestId('verify-result'), '1 close verified');

    // The console's terminal page: the X report (a zero report now) and its own "Close the day".
    await merchant.goto(`${base}/terminals/${terminal.id}`);
    await expectText(merchant.getByTestId('x-report'), 'Close #2');
    await merchant.getByRole('button', { name: 'Close the day' }).click();
    await merchant.locator('.p-confirm-dialog').getByRole('button', { name: 'Close the day' }).click();
    await expectText(merchant.locator('.p-toast'), 'Close #2 made');
    await expectText(merchant.getByTestId('x-report'), 'Close #3');

    // The payout (as the daily job would make it): its page adds up and links each item.
    const run = await runPayoutsNow(s.t.ctx, { projectId: project.id, asOf: '2099-12-31' });
    expect(run.payouts).toHaveLength(1);
    // 1250 − (18 + 25) + 800 − (11 + 25) = 1971
    expect(run.payouts[0]!.amount).toBe(1971);
    await merchant.goto(`${base}/payouts`);
    await merchant.locator('.p-datatable a[href*="/payouts/po_"]').first().click();
    await merchant.waitForURL(/\/payouts\/po_/);
    await expectText(merchant.getByTestId('payout-amount'), '$19.71');
    await expectText(merchant.getByTestId('payout-totals'), '$20.50');
    await expectText(merchant.getByTestId('payout-totals'), '$0.79');
    const items = merchant.locator('.p-datatable a[href*="/transactions/txn_"]');
    await expectVisible(items.first());
    expect(await items.count()).toBe(2);
    await items.first().click();
    await merchant.waitForURL(/\/transactions\/txn_/);

    // The dashboard shows the next payout (nothing due now: all paid out).
    await merchant.goto(`${base}/dashboard`);
    await expectVisible(merchant.getByTestId('next-payout'));
  });
});
