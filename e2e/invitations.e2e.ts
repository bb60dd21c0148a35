import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, newEmail, type Stack, signedUpWithProject, startStack } from './support';

const TERMS_URL = 'https://shop.example/terms';
const PRIVACY_URL = 'https://shop.example/privacy';

/**
 * An invitation from the invite dialog to a joined project without a
 * verification step, the time-zone search, and sign-up's terms as the operator's links.
 */
describe('invitations, time-zone search and sign-up terms (Chromium)', () => {
  let s: Stack;
  let owner: Page;
  let projectId = '';

  beforeAll(async () => {
    s = await startStack({ env: { TERMS_URL, PRIVACY_URL } });
    owner = await (await s.context()).newPage();
    ({
      project: { id: projectId },
    } = await signedUpWithProject(s, owner, { tag: 'inviter' }));
  });
  afterAll(() => s.close());

  it("links sign-up's terms of service and privacy policy to the operator's pages (§19)", async () => {
    const page = await (await s.context({ width: 390, height: 844 })).newPage();
    await page.goto(`${s.origin}/register`);
    const terms = page.getByRole('link', { name: 'terms of service' });
    await expectVisible(terms);
    expect(await terms.getAttribute('href')).toBe(TERMS_URL);
    expect(await page.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(PRIVACY_URL);
  });

  it('filters the time zones as soon as "Berlin" is typed into the opened dropdown (§16)', async () => {
    await owner.goto(`${s.origin}/p/${projectId}/settings`);
    await owner.locator('.p-dropdown:has(#settings-tz)').click();
    await expectVisible(owner.locator('.p-dropdown-panel'));
    // The search box takes the focus by itself once the panel has opened (its transition ends).
    await owner.waitForFunction(
      () => document.activeElement?.classList.contains('p-dropdown-filter') === true,
      undefined,
      { timeout: 5000 },
    );
    await owner.keyboard.type('Berlin');
    await expectText(owner.locator('.p-dropdown-panel .p-dropdown-item').first(), 'Europe/Berlin', 3000);
    expect(await owner.locator('.p-dropdown-panel .p-dropdown-item').allTextContents()).toEqual([
      'Europe/Berlin',
    ]);
    await owner.keyboard.press('Escape');
  });

  it('invites by a typed address, names the invitation on sign-in, and joins without a verification step (§14)', async () => {
    const invitee = newEmail('invitee');
    await owner.goto(`${s.origin}/p/${projectId}/members`);
    await owner.getByRole('button', { name: 'Invite' }).click();
    const send = owner.getByRole('button', { name: 'Send invitations' });
    expect(await send.isDisabled()).toBe(true);
    // Typed, no Enter and no comma: the address counts.
    await owner.locator('#invite-emails').pressSequentially(invitee);
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await expectText(owner.locator('.p-toast'), 'Invitation sent');

    const mail = await s.smtp.waitForMail(invitee, { subject: /invited/i });
    const link = mail.links.find((l) => l.includes('invitation='))!;
    const page = await (await s.context({ width: 390, height: 844 })).newPage();
    await page.goto(link);
    await page.waitForURL('**/login');
    await expectText(page.getByTestId('invitation-notice'), 'Test Person invited you to join Downtown store');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/register');
    await expectText(page.getByTestId('invitation-notice'), 'Downtown store');
    // Filled in once the invitation's preview has loaded.
    await expect.poll(() => page.inputValue('#register-email'), { timeout: 5000 }).toBe(invitee);
    await page.fill('#register-name', 'New Colleague');
    await page.fill('#register-password', 'correct horse 1');
    await page.click('label[for=register-terms]');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/u\/dashboard\?invitation=/);

    const card = page.getByRole('region', { name: 'Invitation' });
    await expectText(card, 'You are invited to Downtown store');
    // No "verify your address" anywhere: the link proved it.
    expect(await page.locator('.banner-warn, .verify-to-accept').count()).toBe(0);
    const accept = card.getByRole('button', { name: 'Accept' });
    expect(await accept.isDisabled()).toBe(false);
    await accept.click();
    await expectText(page.locator('.p-toast'), 'You joined Downtown store');
    await page.goto(`${s.origin}/p/${projectId}/dashboard`);
    await expectVisible(page.locator('h1'));
    expect(await page.locator('.banner-warn').count()).toBe(0);
    expect(s.smtp.messages.filter((m) => m.to.includes(invitee) && /verify/i.test(m.subject))).toEqual([]);
  });
});
