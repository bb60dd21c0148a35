import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionLink,
  expectText,
  expectVisible,
  newEmail,
  registerThroughUi,
  type Stack,
  signInThroughUi,
  startStack,
} from './support';

const shots = path.resolve('screenshots');

/** The otpauth:// URL in the QR code the console drew, read from a screenshot of it. */
async function readQr(page: Page): Promise<URL> {
  const png = PNG.sync.read(await page.locator('img.mfa-qr').screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error('no QR code in the screenshot');
  return new URL(found.data);
}

/** Light and dark, 1280 and 390 px: `show` brings a fresh page to the screen to look at. */
async function shoot(s: Stack, name: string, show: (page: Page) => Promise<void>) {
  fs.mkdirSync(shots, { recursive: true });
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const page = await (await s.context({ width, height: 900, dark })).newPage();
      await show(page);
      await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
      await page.waitForTimeout(300);
      await page.screenshot({
        path: path.join(shots, `${name}-${dark ? 'dark' : 'light'}-${width}.png`),
        fullPage: true,
      });
    }
  }
}

describe('two-step verification in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({ shiftableClock: true });
  });
  afterAll(() => s.close());

  it('enrolls from the QR code on screen and signs in with a code', async () => {
    const context = await s.context();
    const page = await context.newPage();
    const email = newEmail('mfa');
    await registerThroughUi(page, s.origin, email);
    const verify = await s.smtp.waitForMail(email, { subject: /verify/i });
    await page.goto(actionLink(verify.links));
    await expectVisible(page.getByText('Your email address is verified'));

    await page.goto(`${s.origin}/u/settings`);
    await page.getByRole('link', { name: 'Two-step verification' }).click();
    await page.waitForURL('**/u/settings/security');
    await expectText(page.locator('h2#factors-title'), 'Two-step off');
    await page.getByRole('button', { name: 'Add an authenticator' }).click();
    await expectVisible(page.locator('img.mfa-qr'));
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'mfa-add-light-1280.png') });
    const otpauth = await readQr(page);
    expect(otpauth.protocol).toBe('otpauth:');
    expect(decodeURIComponent(otpauth.pathname)).toContain(email);
    const secret = otpauth.searchParams.get('secret') ?? '';
    // The key shown for manual entry is the one in the QR code.
    expect((await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '')).toBe(secret);
    expect(await page.locator('#mfa-code').getAttribute('autocomplete')).toBe('one-time-code');
    await page.fill('#mfa-code', '000000');
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expectText(page.locator('#mfa-code-error'), 'not right');
    await page.fill('#mfa-code', await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expectVisible(page.getByTestId('recovery-codes'));
    const codes = (await page.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) =>
      c.trim(),
    );
    expect(codes).toHaveLength(10);
    await page.screenshot({ path: path.join(shots, 'mfa-recovery-codes-light-1280.png') });
    await page.getByRole('button', { name: 'I saved them' }).click();
    await expectText(page.locator('h2#factors-title'), 'Two-step on');
    await expectText(page.locator('.factor-row'), 'Authenticator app');

    // A new browser: password, then the second step; a wrong code says so under the field.
    const other = await (await s.context()).newPage();
    await other.goto(`${s.origin}/login`);
    await signInThroughUi(other, email);
    await expectText(other.locator('#second-step-title'), 'Two-step verification');
    expect(await other.locator('#second-step-code').getAttribute('autocomplete')).toBe('one-time-code');
    await other.fill('#second-step-code', '123450');
    await other.getByRole('button', { name: 'Verify' }).click();
    await expectText(other.locator('#second-step-code-error'), 'not right');
    fs.mkdirSync(shots, { recursive: true });
    await other.screenshot({ path: path.join(shots, 'mfa-second-step-wrong-light-1280.png') });
    // The enrollment used this step's code: the next one (within the ±1 step window) is fresh.
    await other.fill(
      '#second-step-code',
      await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    );
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL('**/u/dashboard');

    // A third browser signs in with a recovery code instead.
    const third = await (await s.context()).newPage();
    await third.goto(`${s.origin}/login`);
    await signInThroughUi(third, email);
    await third.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await third.fill('#second-step-code', codes[0] ?? '');
    await third.getByRole('button', { name: 'Verify' }).click();
    await third.waitForURL('**/u/dashboard');
    await s.smtp.waitForMail(email, { subject: /recovery code was used/i });

    // Settings → Security → Sessions: three browsers, this one marked; signing out the others
    // sends the second browser back to the sign-in page.
    await page.goto(`${s.origin}/u/settings/security`);
    const sessions = page.locator('.session-list > li');
    await expectVisible(sessions.first());
    expect(await sessions.count()).toBe(3);
    await expectText(page.locator('.session-list > li', { hasText: 'This browser' }), 'Chrome');
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('button', { name: 'Sign out others' }).click();
    await expectText(page.locator('.p-toast'), '2 sessions ended');
    await expect.poll(() => sessions.count()).toBe(1);
    await other.goto(`${s.origin}/u/dashboard`);
    await other.waitForURL('**/login**');

    if (process.env.MFA_SCREENSHOTS) {
      let next = 1;
      const toSecondStep = async (p: Page) => {
        await p.goto(`${s.origin}/login`);
        await signInThroughUi(p, email);
        await expectVisible(p.locator('#second-step-code'));
      };
      await shoot(s, 'mfa-security', async (p) => {
        await toSecondStep(p);
        await p.getByRole('button', { name: 'Use a recovery code instead' }).click();
        await p.fill('#second-step-code', codes[next++] ?? '');
        await p.getByRole('button', { name: 'Verify' }).click();
        await p.waitForURL('**/u/dashboard');
        await p.goto(`${s.origin}/u/settings/security`);
        await expectVisible(p.locator('.factor-row'));
      });
      await shoot(s, 'mfa-second-step', async (p) => {
        await toSecondStep(p);
        await p.fill('#second-step-code', '12345');
        await p.getByRole('button', { name: 'Verify' }).click();
        await expectVisible(p.locator('#second-step-code-error'));
      });
    }
  });

  it('changes the password on the profile page, and asks for a sign-in again when the last one is stale', async () => {
    const page = await (await s.context()).newPage();
    const email = newEmail('account');
    await registerThroughUi(page, s.origin, email);
    const verify = await s.smtp.waitForMail(email, { subject: /verify/i });
    await page.goto(actionLink(verify.links));
    await expectVisible(page.getByText('Your email address is verified'));

    // Profile → Password: the current one is checked first; the new one against the policy.
    await page.goto(`${s.origin}/u/profile`);
    await page.fill('#password-current', 'not my password');
    await page.fill('#password-new', 'a brand new password 3');
    await expectText(page.locator('#password-new-rules'), 'At least');
    expect(await page.locator('#password-new').getAttribute('autocomplete')).toBe('new-password');
    expect(await page.locator('#password-new').getAttribute('aria-describedby')).toBe('password-new-rules');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectText(page.locator('#password-current-error'), 'Your current password is not right.');
    await page.fill('#password-current', 'correct horse 1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectText(page.locator('.p-toast'), 'Password changed');

    // Six minutes on (the server's clock; the last test of this stack), adding an authenticator needs a fresh sign-in: the dialog asks for the
    // password, then the authenticator dialog opens anew.
    await s.t.advance(6 * 60_000);
    await page.goto(`${s.origin}/u/settings/security`);
    await page.getByRole('button', { name: 'Add an authenticator' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Confirm it’s you' }));
    await page.fill('#reauth-password', 'a brand new password 3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.locator('img.mfa-qr'));

    // The new password signs in in another browser.
    const other = await (await s.context()).newPage();
    await other.goto(`${s.origin}/login`);
    await signInThroughUi(other, email, 'a brand new password 3');
    await other.waitForURL('**/u/dashboard');
  });
});
