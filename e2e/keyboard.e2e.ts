import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actionLink,
  expectText,
  expectVisible,
  registerThroughUi,
  type Stack,
  signedUpWithProject,
  startStack,
} from './support';

/**
 * By keyboard alone: a sign-in with a second factor, a terminal created and paired,
 * a payment pushed and taken on the shopper page, a refund, the day closed. Only `page.keyboard`
 * moves and acts (Tab, Shift+Tab, Enter, Space, arrows, Escape); the DOM is read to check that
 * whatever has focus is on screen with a visible focus indicator, that dialogs keep focus inside
 * and hand it back to what opened them.
 */

interface Focused {
  tag: string;
  name: string;
  visible: boolean;
  indicator: boolean;
  inDialog: boolean;
  opener: boolean;
}

/** The focused element: its name, whether it is on screen and shows a focus ring. */
const focused = (page: Page) =>
  page.evaluate((): Focused | null => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const look = (node: Element) => {
      const cs = getComputedStyle(node);
      const outline = cs.outlineStyle !== 'none' && Number.parseFloat(cs.outlineWidth) > 0;
      return `${outline ? `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}` : ''}|${cs.boxShadow}`;
    };
    // A ring: an outline or a shadow that an unfocused twin (same tag and classes) does not
    // have; with no twin on the page, any outline or shadow.
    const ring = (node: Element) => {
      const mine = look(node);
      if (mine === '|none') return false;
      const twin = [...document.querySelectorAll(node.tagName)].find(
        (o) => o !== node && o.className === node.className && !o.contains(document.activeElement),
      );
      return !twin || look(twin) !== mine;
    };
    // PrimeReact's Dropdown, Checkbox and RadioButton draw the ring on their box, not the input.
    const box = el.closest('.p-dropdown, .p-checkbox, .p-radiobutton, .p-inputswitch');
    const shown = box ?? el;
    const r = shown.getBoundingClientRect();
    const labels = (el as HTMLInputElement).labels;
    const name =
      el.getAttribute('aria-label') ??
      (labels?.length ? labels[0]!.textContent : null) ??
      el.getAttribute('placeholder') ??
      el.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').trim().slice(0, 80),
      visible: r.width > 0 && r.height > 0 && shown.checkVisibility(),
      indicator: ring(el) || (box ? ring(box) : false),
      inDialog: !!el.closest('[role=dialog], [role=alertdialog]'),
      opener: el.dataset.opener === 'yes',
    };
  });

/** Every stop must be visible with a ring; the failures are collected, not thrown at once. */
const problems: string[] = [];
function checkStop(f: Focused | null, where: string) {
  if (!f) problems.push(`${where}: focus on the page itself`);
  else if (!f.visible) problems.push(`${where}: "${f.name}" (${f.tag}) has focus but is not visible`);
  else if (!f.indicator) problems.push(`${where}: "${f.name}" (${f.tag}) shows no focus indicator`);
}

/** Tab (or Shift+Tab) until the focused element's name matches. */
async function tabTo(page: Page, name: RegExp, opts: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    // Past the last element Tab leaves the page for the browser's own controls: not a stop.
    if (!f) continue;
    checkStop(f, `towards ${name}`);
    if (name.test(f.name)) return f;
  }
  throw new Error(`no focusable element named ${name} reached with the keyboard`);
}

/** Focus is already on `name` (a dialog's first field, a form after submit). */
async function expectFocus(page: Page, name: RegExp) {
  const deadline = Date.now() + 5000;
  let f = await focused(page);
  while (!(f && name.test(f.name)) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    f = await focused(page);
  }
  expect(f?.name, `focus expected on ${name}`).toMatch(name);
  checkStop(f, `on ${name}`);
}

/** A dialog opened: focus moved into it (its first field or its close button). */
async function expectInDialog(page: Page) {
  await expectVisible(page.locator('[role=dialog], [role=alertdialog]').last());
  const deadline = Date.now() + 5000;
  let f = await focused(page);
  while (!f?.inDialog && Date.now() < deadline) {
    await page.waitForTimeout(100);
    f = await focused(page);
  }
  expect(f?.inDialog, `focus stayed on "${f?.name ?? 'the page'}" when the dialog opened`).toBe(true);
  checkStop(f, 'dialog opened');
}

/** Marks the focused element as the opener of what Enter opens next. */
const markOpener = (page: Page) =>
  page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-opener]')) el.removeAttribute('data-opener');
    (document.activeElement as HTMLElement).dataset.opener = 'yes';
  });

/** Tab and Shift+Tab around the open dialog: focus never leaves it. */
async function expectTrapped(page: Page, what: string) {
  const dialog = page.locator('[role=dialog], [role=alertdialog]').last();
  await expectVisible(dialog);
  await page.waitForTimeout(200);
  const count = await dialog
    .locator(
      'button:not([disabled]), input:not([disabled]):not([type=hidden]), a[href], textarea, [tabindex="0"]',
    )
    .count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press(key);
      const f = await focused(page);
      checkStop(f, `${what} (${key})`);
      expect(f?.inDialog, `${what}: ${key} left the dialog for "${f?.name}"`).toBe(true);
    }
  }
}

/** Closed: the dialog is gone and focus is back on its opener. */
async function expectFocusBack(page: Page, what: string) {
  await page
    .locator('[role=dialog], [role=alertdialog]')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 });
  const deadline = Date.now() + 3000;
  let f = await focused(page);
  while (!f?.opener && Date.now() < deadline) {
    await page.waitForTimeout(100);
    f = await focused(page);
  }
  expect(f?.opener, `${what}: focus went to "${f?.name ?? 'the page'}", not back to the opener`).toBe(true);
  checkStop(f, `${what} closed`);
}

describe('by keyboard alone (Chromium)', () => {
  let s: Stack;
  let merchant: Page;
  let ctx: Awaited<ReturnType<typeof signedUpWithProject>>;
  let terminalPage: Page;
  let paymentUrl = '';

  beforeAll(async () => {
    s = await startStack();
    merchant = await (await s.context()).newPage();
    ctx = await signedUpWithProject(s, merchant, { tag: 'keys' });
  }, 120_000);
  afterAll(() => s?.close());
  beforeEach(() => {
    problems.length = 0;
  });

  it('signs in with a second factor', async () => {
    // Setup (not the journey): an account with an authenticator, made with the mouse.
    const setup = await (await s.context()).newPage();
    const email = `keys-mfa-${Date.now().toString(36)}@example.test`;
    await registerThroughUi(setup, s.origin, email);
    const verify = await s.smtp.waitForMail(email, { subject: /verify/i });
    await setup.goto(actionLink(verify.links));
    await expectVisible(setup.getByText('Your email address is verified'));
    await setup.goto(`${s.origin}/u/settings/security`);
    await setup.getByRole('button', { name: 'Add an authenticator' }).click();
    const secret = ((await setup.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await setup.fill('#mfa-code', await generate({ secret }));
    await setup.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await setup.getByRole('button', { name: 'I saved them' }).click();
    await setup.context().close();

    // The journey: a new browser, the keyboard only.
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/login`);
    await expectFocus(page, /^Email/);
    await page.keyboard.type(email);
    await tabTo(page, /^Password/);
    await page.keyboard.type('correct horse 1');
    await page.keyboard.press('Enter');
    await expectVisible(page.locator('#second-step-code'));
    await expectFocus(page, /code/i);
    // The second-step screen is a sign-in screen too: axe (WCAG 2.2 AA) finds nothing on it.
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    await page.keyboard.type(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/u/dashboard');
    expect(problems).toEqual([]);
  });

  it('creates a terminal and pairs it', async () => {
    await merchant.goto(`${s.origin}/p/${ctx.project.id}/terminals`);
    await expectVisible(merchant.locator('h1'));
    await tabTo(merchant, /^New terminal$/);
    await markOpener(merchant);
    await merchant.keyboard.press('Enter');
    await expectInDialog(merchant);
    // A form dialog opens on its first field, not on the header's Close button.
    await expectFocus(merchant, /^Label/);
    await expectTrapped(merchant, 'new terminal dialog');
    // Escape closes it and gives focus back; Enter opens it again, on the first field again.
    await merchant.keyboard.press('Escape');
    await expectFocusBack(merchant, 'new terminal dialog');
    await merchant.keyboard.press('Enter');
    await expectInDialog(merchant);
    await expectFocus(merchant, /^Label/);
    await merchant.keyboard.type('Keyboard till');
    await merchant.keyboard.press('Enter');
    // The pairing dialog follows, with the code.
    await expectText(merchant.locator('[role=dialog]'), 'Keyboard till');
    const code = merchant.locator('[role=dialog] [aria-label="Pairing code"]');
    await expectVisible(code);
    const pairing = ((await code.textContent()) ?? '').replace(/\s/g, '');
    await expectTrapped(merchant, 'pairing dialog');
    await merchant.keyboard.press('Escape');
    await merchant.locator('[role=dialog]').first().waitFor({ state: 'detached' });
    checkStop(await focused(merchant), 'pairing dialog closed');

    // The tablet: the code typed in, Enter.
    terminalPage = await (await s.context({ width: 1024, height: 768 })).newPage();
    await terminalPage.goto(`${s.origin}/terminal`);
    await tabTo(terminalPage, /code/i);
    await terminalPage.keyboard.type(pairing);
    await terminalPage.keyboard.press('Enter');
    await expectText(terminalPage.getByTestId('terminal-label'), 'Keyboard till');
    expect(problems).toEqual([]);
  });

  it('pushes a payment from the terminal and pays it on the shopper page', async () => {
    const page = terminalPage;
    await expectVisible(page.getByTestId('keypad-amount'));
    // The keypad takes typed digits; then Tab to "Charge".
    await page.keyboard.type('1250');
    await expectText(page.getByTestId('keypad-amount'), '$12.50');
    await tabTo(page, /^Charge \$12\.50$/);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('payment-link'));
    paymentUrl = String(await page.getByTestId('payment-link').getAttribute('href'));

    const phone = await (await s.context({ width: 390, height: 844 })).newPage();
    await phone.goto(paymentUrl);
    await expectVisible(phone.locator('#card-number'));
    await tabTo(phone, /^Card number/);
    await phone.keyboard.type('4242 4242 4242 4242');
    await tabTo(phone, /^Expiry/);
    await phone.keyboard.type('12 / 34');
    await tabTo(phone, /^CVC/);
    await phone.keyboard.type('123');
    await tabTo(phone, /^Pay /);
    await phone.keyboard.press('Enter');
    await expectText(phone.locator('.pay-result h1'), 'Payment successful');
    await expectVisible(page.locator('[data-testid=payment-result][data-status=succeeded]'));
    // The result is said aloud on the terminal.
    await expectText(page.getByTestId('terminal-live'), 'Payment successful');
    await tabTo(page, /^New payment$/);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('keypad-amount'));
    expect(problems).toEqual([]);
  });

  it('refunds the payment in the console', async () => {
    const list = await s.t.app.inject({
      url: `/api/v1/projects/${ctx.project.id}/transactions?limit=1`,
      headers: ctx.auth,
    });
    const txn = list.json().data[0];
    await merchant.goto(`${s.origin}/p/${ctx.project.id}/transactions/${txn.id}`);
    await expectVisible(merchant.locator('h1'));
    await tabTo(merchant, /^Refund$/);
    await markOpener(merchant);
    await merchant.keyboard.press('Enter');
    await expectInDialog(merchant);
    await expectTrapped(merchant, 'refund dialog');
    await merchant.keyboard.press('Escape');
    await expectFocusBack(merchant, 'refund dialog');
    await merchant.keyboard.press('Enter');
    await expectInDialog(merchant);
    await tabTo(merchant, /^Refund \$12\.50$/);
    await merchant.keyboard.press('Enter');
    await expectText(merchant.locator('.page-subtitle'), 'Refunded');
    expect(problems).toEqual([]);
  });

  it('closes the day on the terminal', async () => {
    const page = terminalPage;
    await tabTo(page, /^Close the day$/);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('term-net'));
    page.once('dialog', (d) => void d.accept());
    await tabTo(page, /^Close the day$/);
    await page.keyboard.press('Enter');
    await expectText(page.locator('.term-close h1'), 'Close #1 made');
    await tabTo(page, /^Done$/);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('keypad-amount'));
    expect(problems).toEqual([]);
  });
});
