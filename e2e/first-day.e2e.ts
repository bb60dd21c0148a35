import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPayoutsNow } from '../apps/server/src/domain/books/run-payouts';
import {
  expectGone,
  expectText,
  expectVisible,
  newEmail,
  payThroughApis,
  registerThroughUi,
  type Stack,
  signedUpWithProject,
  startStack,
} from './support';

// A café's first day, run from outside: the console and the web terminal as a shop meets them.
describe("a café's first day in Chromium", () => {
  let s: Stack;
  let page: Page;
  let made: Awaited<ReturnType<typeof signedUpWithProject>>;
  let base: string;
  let closeId: string;
  let payoutId: string;

  beforeAll(async () => {
    s = await startStack();
    page = await (await s.context({ width: 1280, height: 800 })).newPage();
    made = await signedUpWithProject(s, page, { tag: 'first-day' });
    base = `${s.origin}/p/${made.project.id}`;
    const { terminal } = await payThroughApis(made.post, made.project.id, 'first-day-1');
    const close = await made.post(
      `/terminal/v1/projects/${made.project.id}/terminals/${terminal.id}/closes`,
      {},
    );
    closeId = close.id;
    const run = await runPayoutsNow(s.t.ctx, { projectId: made.project.id, asOf: '2099-12-31' });
    payoutId = run.payouts[0]!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('names the close and payout pages’ three exports by format, in English and German', async () => {
    const names = {
      en: ['Export CSV', 'Export Xero', 'Export QuickBooks'],
      de: ['CSV exportieren', 'Xero exportieren', 'QuickBooks exportieren'],
    };
    for (const url of [`${base}/closes/${closeId}`, `${base}/payouts/${payoutId}`]) {
      for (const [lang, expected] of Object.entries(names)) {
        await page.goto(`${url}?lang=${lang}`);
        const buttons = page.locator('button[data-export-format]');
        await expectVisible(buttons.first());
        expect(await buttons.allInnerTexts()).toEqual(['CSV', 'Xero', 'QuickBooks']);
        for (const name of expected) await expectVisible(page.getByRole('button', { name, exact: true }));
      }
    }
    await expectText(page.locator('h1'), /.+/);
  });

  it('Payouts shows no "no payout due yet" above a paid payout', async () => {
    await page.goto(`${base}/payouts?lang=en`);
    await expectVisible(page.locator('.p-datatable a[href*="/payouts/po_"]').first());
    // The next-payout query has answered (nothing due) by the time the table shows; give it a beat.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('next-payout').count()).toBe(0);
    expect((await page.locator('body').textContent()) ?? '').not.toContain('No payout due');
  });

  it("the console's pairing dialog closes once its code is used", async () => {
    const terminals = `/terminal/v1/projects/${made.project.id}/terminals`;
    await made.post(terminals, { label: 'Till two', kind: 'virtual' });
    await page.goto(`${base}/terminals?lang=en`);
    await page.getByRole('button', { name: 'Pair Till two' }).click();
    const shown = page.getByTestId('pairing-code');
    await expectVisible(shown);
    const code = ((await shown.textContent()) ?? '').trim();
    expect(code).toMatch(/^\S{8}$/);
    await made.post('/terminal/v1/pair', { code }, {});
    await expectGone(page.getByTestId('pairing-code'));
  });

  it("prefills a new business from the browser's region; no placeholder looks like a value; the payout's day in the user's format", async () => {
    const british = await (await s.context({ locale: 'en-GB' })).newPage();
    await registerThroughUi(british, s.origin, newEmail('en-gb'));
    await british.goto(`${s.origin}/u/businesses`);
    await british.getByRole('button', { name: 'Add your first business' }).click();
    expect(await british.inputValue('#biz-country')).toBe('GB');
    expect(await british.inputValue('#biz-currency')).toBe('GBP');
    // An empty field that means "the default" or "none" is empty, not grey text like a value.
    expect(await british.getAttribute('#biz-address-country', 'placeholder')).toBeNull();
    await page.goto(`${base}/settings?lang=en`);
    await expectVisible(page.locator('#close-time'));
    expect(await page.inputValue('#close-time')).toBe('');
    expect(await page.getAttribute('#close-time', 'placeholder')).toBeNull();
    // The payout's arrival day as every other date on the page (en-US: mm/dd/yy), never ISO.
    await page.goto(`${base}/payouts/${payoutId}?lang=en`);
    await expectVisible(page.getByTestId('payout-amount'));
    const facts = (await page.locator('p', { hasText: 'Arrival' }).textContent()) ?? '';
    expect(facts).toMatch(/Arrival \d{2}\/\d{2}\/\d{2} ·/);
    expect(facts).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("a staffed terminal unpairs only with a manager's PIN, on its own screen (no browser confirm)", async () => {
    const staff = `/api/v1/projects/${made.project.id}/staff`;
    await made.post(staff, { name: 'Lena', pin: '2468', role: 'manager' });
    await made.post(staff, { name: 'Ana', pin: '1357', role: 'cashier' });
    const terminals = `/terminal/v1/projects/${made.project.id}/terminals`;
    const terminal = await made.post(terminals, { label: 'Front till', kind: 'virtual' });
    const { code } = await made.post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const tablet = await (await s.context({ width: 390, height: 844 })).newPage();
    const dialogs: string[] = [];
    tablet.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await tablet.goto(`${s.origin}/terminal?code=${code}&lang=en`);
    await tablet.getByRole('button', { name: 'Pair' }).click();
    await expectVisible(tablet.getByTestId('cashier-lock'));
    await tablet.getByRole('button', { name: 'Unpair' }).click();
    const screen = tablet.getByTestId('unpair-screen');
    await expectVisible(screen);
    const pin = screen.locator('input[type=password]');
    await pin.fill('1357');
    await screen.getByRole('button', { name: 'Unpair' }).click();
    await expectText(tablet.getByTestId('unpair-error'), 'a manager’s PIN is needed');
    const still = await s.t.app.inject({ url: `${terminals}/${terminal.id}`, headers: made.auth });
    expect(still.json().status).not.toBe('unpaired');
    await pin.fill('2468');
    await pin.press('Enter');
    await expectText(tablet.locator('main'), 'This browser is no longer paired');
    const after = await s.t.app.inject({ url: `${terminals}/${terminal.id}`, headers: made.auth });
    expect(after.json().status).toBe('unpaired');
    expect(dialogs).toEqual([]);
  });

  it("the terminal's bar shows the cashier, their role, the terminal and its state, whole, at 390 and 1280 px", async () => {
    // Staff from the test before: Lena (manager, 2468) and Ana (cashier, 1357).
    const terminals = `/terminal/v1/projects/${made.project.id}/terminals`;
    const label = 'Espresso bar till by the window';
    const terminal = await made.post(terminals, { label, kind: 'virtual' });
    for (const [width, height, pin, name, role] of [
      [390, 844, '2468', 'Lena', 'manager'],
      [1280, 800, '1357', 'Ana', 'cashier'],
    ] as const) {
      const { code } = await made.post(`${terminals}/${terminal.id}/pairing-codes`, {});
      const tablet = await (await s.context({ width, height })).newPage();
      await tablet.goto(`${s.origin}/terminal?code=${code}&lang=en`);
      await tablet.getByRole('button', { name: 'Pair' }).click();
      await expectVisible(tablet.getByTestId('cashier-lock'));
      for (const k of pin) await tablet.getByRole('button', { name: k, exact: true }).click();
      await tablet.getByRole('button', { name: 'Sign in' }).click();
      await expectText(tablet.getByTestId('cashier-name'), name);
      await expectText(tablet.getByTestId('cashier-role'), role);
      await expectText(tablet.getByTestId('terminal-connection'), 'Online');
      const parts = {
        cashier: tablet.getByTestId('cashier-name'),
        role: tablet.getByTestId('cashier-role'),
        terminal: tablet.locator('.term-device-label'),
        dot: tablet.locator('.term-dot'),
        state: tablet.getByTestId('terminal-connection'),
      };
      expect(await parts.terminal.textContent()).toBe(label);
      for (const [what, part] of Object.entries(parts)) {
        await expectVisible(part);
        // Whole and on screen: not clipped, not cut off with an ellipsis, inside the viewport.
        const box = await part.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            width: r.width,
            clipped: el.scrollWidth > el.clientWidth + 1,
          };
        });
        expect(box.width, `${what} at ${width}px`).toBeGreaterThan(0);
        expect(box.left, `${what} at ${width}px`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${what} at ${width}px`).toBeLessThanOrEqual(width);
        expect(box.clipped, `${what} at ${width}px`).toBe(false);
      }
      const overflow = await tablet.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `page wider than ${width}px`).toBe(false);
      await tablet.context().close();
    }
  });

  it("the dashboard's custom range is picked with the mouse and typed with the keyboard", async () => {
    // Last month, whole days in the past (the picker allows nothing after today).
    const now = new Date();
    const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const ym = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
    await page.goto(`${base}/dashboard?range=custom&from=${ym}-01&to=${ym}-05&lang=en`);
    // The figures are asked for the picked days (the dashboard's request carries them).
    const asked = (from: string, to: string) =>
      page.waitForRequest((r) => r.url().includes(`from=${from}`) && r.url().includes(`to=${to}`));
    await expectVisible(page.locator('#dashboard-range'));

    // Mouse: the first click is kept (drawn as half a range), the second completes it.
    await page.locator('#dashboard-range').click();
    const day = (n: number) =>
      page.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) > span', {
        hasText: new RegExp(`^${n}$`),
      });
    const mouse = asked(`${ym}-10`, `${ym}-12`);
    await day(10).click();
    await expectVisible(
      page.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) > span.p-highlight', {
        hasText: /^10$/,
      }),
    );
    await day(12).click();
    await page.waitForURL(new RegExp(`from=${ym}-10&to=${ym}-12`));
    await mouse;
    await page.keyboard.press('Escape');

    // Keyboard: the range typed as the field shows it (en-US: month/day/year).
    const [y, m] = [ym.slice(0, 4), ym.slice(5, 7)];
    expect(await page.locator('#dashboard-range').inputValue()).toBe(`${m}/10/${y} - ${m}/12/${y}`);
    const input = page.locator('#dashboard-range');
    const typed = asked(`${ym}-20`, `${ym}-22`);
    await input.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`${m}/20/${y} - ${m}/22/${y}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`from=${ym}-20&to=${ym}-22`));
    await typed;
  });

  it('the transactions list takes a date range (between) from its URL and asks the API for it', async () => {
    const rows = page.locator('.p-datatable a[href*="/transactions/txn_"]');
    const asked = page.waitForRequest((r) =>
      decodeURIComponent(r.url()).includes('created_at[dateBetween]=2000-01-01,2099-12-31'),
    );
    await page.goto(`${base}/transactions?lang=en&created_at%5BdateBetween%5D=2000-01-01,2099-12-31`);
    await asked;
    await expectVisible(rows.first());
    await page.goto(`${base}/transactions?lang=en&created_at%5BdateBetween%5D=2000-01-01,2000-01-31`);
    await expectText(page.locator('main'), 'No transaction matches these filters');
    expect(await rows.count()).toBe(0);
  });
});
