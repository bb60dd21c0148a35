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

describe('account security in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

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

    // Six minutes on, adding an authenticator needs a fresh sign-in: the dialog asks for the
    // password, then the authenticator dialog opens anew.
    s.t.advance(6 * 60_000);
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
