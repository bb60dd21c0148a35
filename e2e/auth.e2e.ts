import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityUsers } from '../apps/server/src/db/schema';
import {
  actionLink,
  expectGone,
  expectText,
  expectVisible,
  newEmail,
  registerThroughUi,
  type Stack,
  signInThroughUi,
  startStack,
} from './support';

describe('sign-in experience in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('registers, verifies the email from the real SMTP peer and lands on the dashboard', async () => {
    const page = await (await s.context()).newPage();
    const email = newEmail('register');
    await registerThroughUi(page, s.origin, email);
    // Toasts sit top-right (seed §2).
    await expectText(page.locator('.p-toast.p-toast-top-right'), 'Account created');
    await expectText(page.locator('.banner-warn'), email);
    const mail = await s.smtp.waitForMail(email, { subject: /verify/i });
    await page.goto(actionLink(mail.links));
    await expectText(page.locator('h1'), 'Verify your email');
    await expectVisible(page.getByText('Your email address is verified'));
    await page.getByRole('link', { name: 'Continue to Scanline' }).click();
    await page.waitForURL('**/u/dashboard');
    await expectGone(page.locator('.banner-warn'));
  });

  it('remembers the wanted page (path, query and hash) through sign-in', async () => {
    const email = newEmail('remember');
    const first = await (await s.context()).newPage();
    await registerThroughUi(first, s.origin, email);
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/u/settings?tab=dates#top`);
    await page.waitForURL('**/login');
    await signInThroughUi(page, email);
    await page.waitForURL('**/u/settings?tab=dates#top');
    // Already signed in: /login goes straight on.
    await page.goto(`${s.origin}/login`);
    await page.waitForURL('**/u/dashboard');
    await page.goto(`${s.origin}/`);
    await page.waitForURL('**/u/dashboard');
  });

  it('paints /login with the sign-in words alone, then the console has every word (no message id shows)', async () => {
    const email = newEmail('catalogue');
    await registerThroughUi(await (await s.context()).newPage(), s.origin, email);
    const page = await (await s.context()).newPage();
    const missing: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('[i18n]')) missing.push(m.text());
    });
    await page.goto(`${s.origin}/login`);
    await expectVisible(page.locator('#login-email'));
    await signInThroughUi(page, email);
    await page.waitForURL('**/u/dashboard');
    // The dashboard's words come from the rest of the catalogue, loaded after /login painted.
    await expectVisible(page.getByRole('navigation').first());
    const body = (await page.locator('body').innerText()).split('\n');
    expect(body.filter((line) => /^[a-z]+(\.[a-zA-Z]+){2,}$/.test(line.trim()))).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('gives one message for a wrong password and for an unknown email', async () => {
    const email = newEmail('wrong');
    await registerThroughUi(await (await s.context()).newPage(), s.origin, email);
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/login`);
    await signInThroughUi(page, email, 'not the password');
    const wrong = await page.getByRole('alert').first().textContent();
    await page.reload();
    await signInThroughUi(page, newEmail('nobody'), 'whatever password');
    const unknown = await page.getByRole('alert').first().textContent();
    expect(wrong).toContain('do not match an account');
    expect(unknown).toBe(wrong);
  });

  it('resets a forgotten password end to end', async () => {
    const email = newEmail('forgot');
    await registerThroughUi(await (await s.context()).newPage(), s.origin, email);
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/forgot-password`);
    await page.fill('#forgot-email', email);
    await page.click('button[type=submit]');
    await expectVisible(page.getByText(`If an account exists for ${email}`));
    const mail = await s.smtp.waitForMail(email, { subject: /reset/i });
    await page.goto(actionLink(mail.links));
    await expectText(page.locator('h1'), 'Choose a new password');
    await page.fill('#reset-password', 'a fresh password 2');
    await page.click('button[type=submit]');
    await expectText(page.locator('h1'), 'Password changed');
    await page.getByRole('link', { name: /Sign in with your new password/ }).click();
    await signInThroughUi(page, email, 'a fresh password 2');
    await page.waitForURL('**/u/dashboard');
  });

  it('signs in with an email link', async () => {
    const email = newEmail('link');
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/login`);
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.fill('#login-email', email);
    await page.click('button[type=submit]');
    await expectVisible(page.getByText(`We sent a sign-in link to ${email}`));
    const mail = await s.smtp.waitForMail(email, { subject: /sign in/i });
    await page.goto(actionLink(mail.links));
    await page.waitForURL('**/u/dashboard');
    await page.goto(`${s.origin}/u/profile`);
    await expectText(page.locator('#email-title + p'), email);
    await expectText(page.locator('#email-title + p .p-tag'), 'Verified');
  });

  it('carries the wanted page through an email link opened in another tab', async () => {
    const email = newEmail('link-dest');
    const context = await s.context();
    const page = await context.newPage();
    await page.goto(`${s.origin}/u/dashboard?invitation=inv_demo#team`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.fill('#login-email', email);
    await page.click('button[type=submit]');
    const mail = await s.smtp.waitForMail(email, { subject: /sign in/i });
    // A new tab has its own (empty) sessionStorage: the destination rides in the link.
    const other = await context.newPage();
    await other.goto(actionLink(mail.links));
    await other.waitForURL('**/u/dashboard?invitation=inv_demo#team');
  });

  it('asks for the email when a sign-in link is opened on another device', async () => {
    const email = newEmail('device');
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/login`);
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.fill('#login-email', email);
    await page.click('button[type=submit]');
    const mail = await s.smtp.waitForMail(email, { subject: /sign in/i });
    const other = await (await s.context()).newPage();
    await other.goto(actionLink(mail.links));
    await other.fill('#link-email', email);
    await other.click('button[type=submit]');
    await other.waitForURL('**/u/dashboard');
  });

  it('syncs the session to an HttpOnly cookie and clears it on sign-out (seed §7)', async () => {
    const context = await s.context();
    const page = await context.newPage();
    await registerThroughUi(page, s.origin, newEmail('cookie'));
    const cookie = async () => (await context.cookies()).find((c) => c.name === '__session');
    for (let i = 0; i < 50 && !(await cookie()); i++) await page.waitForTimeout(100);
    const set = await cookie();
    expect(set).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(set!.expires - Date.now() / 1000).toBeLessThanOrEqual(301);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    for (let i = 0; i < 50 && (await cookie()); i++) await page.waitForTimeout(100);
    expect(await cookie()).toBeUndefined();
  });

  it('signing out ends the session on the server: signed in again, Sessions lists only this one', async () => {
    const email = newEmail('signout');
    const page = await (await s.context()).newPage();
    await registerThroughUi(page, s.origin, email);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await signInThroughUi(page, email);
    await page.waitForURL('**/u/dashboard');
    await page.goto(`${s.origin}/u/settings/security`);
    const sessions = page.locator('.session-list > li');
    await expectVisible(sessions.first());
    // The sign-up's session ended with the sign-out; only the new sign-in is left.
    expect(await sessions.count()).toBe(1);
    await expectText(sessions.first(), 'This browser');
    await expectGone(page.getByRole('button', { name: /^End session/ }));
  });

  it('explains an /auth/action link without its parameters (argument-error)', async () => {
    const page = await (await s.context()).newPage();
    await page.goto(`${s.origin}/auth/action`);
    await expectText(page.locator('h1'), 'This link is incomplete');
    await expectText(page.getByRole('alert'), 'incomplete');
  });

  it('follows a sign-out in another tab', async () => {
    const context = await s.context();
    const email = newEmail('tabs');
    const a = await context.newPage();
    await registerThroughUi(a, s.origin, email);
    const b = await context.newPage();
    await b.goto(`${s.origin}/u/profile`);
    await expectText(b.locator('h1'), 'Profile');
    await b.getByRole('button', { name: /Account menu/ }).click();
    await b.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.waitForURL('**/login');
    await a.waitForURL('**/login', { timeout: 15_000 });
    // The session ended on the server too, yet the other tab knows it was a
    // sign-out, not a session cut off: it explains nothing.
    await a.waitForTimeout(1500);
    expect(await a.locator('.p-toast').textContent()).not.toContain('You were signed out');
  });

  it('signs a disabled user out by itself and says why (seed §4)', async () => {
    const disable = (email: string) =>
      s.t.ctx.database.db
        .update(identityUsers)
        .set({ disabled: true })
        .where(eq(identityUsers.emailNormalized, email));
    // An open console: its next API call is refused, and the forced refresh that follows
    // answers USER_DISABLED; the SDK signs out and the console says why.
    const email = newEmail('disabled');
    const page = await (await s.context()).newPage();
    await registerThroughUi(page, s.origin, email);
    await disable(email);
    // (A refetch of the dashboard's own data may get there first: either way it is automatic.)
    await page
      .getByRole('link', { name: 'Projects' })
      .first()
      .click({ timeout: 3000 })
      .catch(() => {});
    await page.waitForURL('**/login');
    await expectText(page.locator('.p-toast.p-toast-top-right'), 'This account has been disabled');
    await expectText(page.locator('.auth-message').first(), 'This account has been disabled');

    // A console opened later: the SDK's start-up lookup fails and it drops the stored
    // session without a word; the console still says the session ended.
    const later = newEmail('disabled-later');
    const context = await s.context();
    const first = await context.newPage();
    await registerThroughUi(first, s.origin, later);
    await first.close();
    await disable(later);
    const again = await context.newPage();
    await again.goto(`${s.origin}/u/profile`);
    await again.waitForURL('**/login');
    await expectText(again.locator('.auth-message').first(), 'Your session has ended');
  });

  it('switches to dark mode with a class on <html> and remembers it', async () => {
    const context = await s.context();
    const page = await context.newPage();
    await registerThroughUi(page, s.origin, newEmail('dark'));
    await page.goto(`${s.origin}/u/settings`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.click('label[for=appearance-dark]');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The stylesheet is the content-hashed dark theme, cached as immutable.
    const href = (await page.locator('#theme-link').getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/assets\/theme-dark-[0-9a-f]{10}\.css$/);
    const css = await page.request.get(`${s.origin}${href}`);
    expect(css.headers()['cache-control']).toContain('immutable');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(248, 249, 250)');
  });

  it('shows the 6 px progress bar while a screen loads, and a confirmation before deleting', async () => {
    const context = await s.context();
    const page = await context.newPage();
    await registerThroughUi(page, s.origin, newEmail('bar'));
    // Hold the settings screen's code so the route transition stays in flight.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/SettingsPage-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Settings' }).first().click();
    const bar = page.locator('.global-progress .p-progressbar');
    await expectVisible(bar);
    expect((await bar.boundingBox())?.height).toBe(6);
    expect((await bar.boundingBox())?.y).toBe(0);
    release();
    await expectText(page.locator('h1'), 'Settings');
    await expectGone(bar);

    await page.goto(`${s.origin}/u/profile`);
    await page.fill('#delete-password', 'correct horse 1');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.locator('.p-confirm-dialog');
    await expectText(dialog, 'Delete your account?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectGone(dialog);
    await expectText(page.locator('h1'), 'Profile');
  });

  it('has no serious accessibility violations on the sign-in screens and works by keyboard', async () => {
    const page = await (await s.context()).newPage();
    for (const path of ['/login', '/register', '/forgot-password']) {
      await page.goto(`${s.origin}${path}`);
      await page.locator('h1').waitFor();
      const result = await new AxeBuilder({ page }).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path}: ${v.id} ${v.help} ${v.nodes.map((n) => n.html).join(' ')}`),
      ).toEqual([]);
    }
    const email = newEmail('keyboard');
    await registerThroughUi(await (await s.context()).newPage(), s.origin, email);
    await page.goto(`${s.origin}/login`);
    await page.locator('#login-email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('correct horse 1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/u/dashboard');
  });
});
