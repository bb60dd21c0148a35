import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTerminal, makeTransaction } from '../apps/server/src/test/payment-factories';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

const TABS = 8;

/**
 * Eight console tabs of one browser on one project share one live connection
 * (HTTP/1.1 allows six per host: one stream per tab hung the seventh), every action in every
 * tab answers, and a change made in the eighth shows in the first without a reload.
 */
describe('many console tabs in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('shares one live stream among 8 tabs, refunds from the 8th, and hands over when the leader closes', async () => {
    const context = await s.context();
    const first = await context.newPage();
    const { project } = await signedUpWithProject(s, first, { tag: 'tabs' });
    // Two payments, paid through the mobile API as a shopper's phone would.
    const db = s.t.ctx.database.db;
    const terminal = await makeTerminal(db, project.id, { label: 'Front counter' });
    const paid: string[] = [];
    for (const amount of [1250, 800]) {
      const txn = await makeTransaction(db, project.id, terminal.id, { amount });
      const scan = await s.t.app.inject({
        method: 'POST',
        url: '/mobile/v1/scans',
        payload: { token: txn.paymentToken },
      });
      const pay = await s.t.app.inject({
        method: 'POST',
        url: `/mobile/v1/scans/${scan.json().id}/payments`,
        payload: { payment_method: 'pm_card_visa' },
      });
      expect(pay.json().status).toBe('succeeded');
      paid.push(txn.id);
    }

    // Count the live streams the browser opens, across all its tabs.
    const liveRequests: string[] = [];
    context.on('request', (r) => {
      if (r.url().endsWith('/live')) liveRequests.push(r.url());
    });
    const detail = (id: string) => `${s.origin}/p/${project.id}/transactions/${id}`;
    const tabs: Page[] = [first];
    await first.goto(detail(paid[0]!));
    await expectText(first.locator('.page-header'), 'Succeeded');
    for (let i = 1; i < TABS; i++) {
      const tab = await context.newPage();
      await tab.goto(i === TABS - 1 ? detail(paid[0]!) : `${s.origin}/p/${project.id}/transactions`);
      tabs.push(tab);
    }
    // Every tab answers: the 8th renders its page (a 7th stream would have queued it).
    const eighth = tabs[TABS - 1]!;
    await expectText(eighth.locator('.page-header'), 'Succeeded');
    for (const tab of tabs.slice(1, -1)) await expectVisible(tab.locator('.p-datatable'));
    expect(liveRequests).toHaveLength(1);
    expect(await first.evaluate(() => document.documentElement.dataset.liveRole)).toBe('leader');
    expect(await eighth.evaluate(() => document.documentElement.dataset.liveRole)).toBe('follower');

    // The 8th refunds; the 1st (the one holding the stream) shows it without a reload.
    await eighth.getByRole('button', { name: 'Refund' }).click();
    await eighth.locator('.p-dialog').getByRole('button', { name: 'Refund $12.50' }).click();
    await expectText(eighth.locator('.p-toast'), 'Refund issued');
    await expectText(first.locator('.page-header'), 'Refunded');
    // A list in another follower tab too.
    await expectText(tabs[1]!.locator('tr', { hasText: '$12.50' }), 'Refunded');

    // The leader closes: another tab takes the stream over, and changes still arrive.
    await first.close();
    await expect.poll(() => liveRequests.length, { timeout: 10_000 }).toBe(2);
    const leaders = await Promise.all(
      tabs.slice(1).map((t) => t.evaluate(() => document.documentElement.dataset.liveRole)),
    );
    expect(leaders.filter((r) => r === 'leader')).toHaveLength(1);
    await eighth.goto(detail(paid[1]!));
    await eighth.getByRole('button', { name: 'Refund' }).click();
    await eighth.locator('.p-dialog').getByRole('button', { name: 'Refund $8.00' }).click();
    await expectText(eighth.locator('.p-toast'), 'Refund issued');
    await expectText(tabs[1]!.locator('tr', { hasText: '$8.00' }), 'Refunded');
    await expectText(tabs[TABS - 2]!.locator('tr', { hasText: '$8.00' }), 'Refunded');
  });
});
