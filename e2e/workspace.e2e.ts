import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectGone,
  expectText,
  expectVisible,
  newEmail,
  registerThroughUi,
  type Stack,
  startStack,
} from './support';

/** In the browser: two people, one project, real email between them. */
describe('workspace in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  /** Registers through the console; the address is not verified yet. */
  async function registeredUser(tag: string) {
    const context = await s.context();
    const page = await context.newPage();
    const email = newEmail(tag);
    await registerThroughUi(page, s.origin, email);
    return { page, email };
  }

  /** Verifies the address through the link in the real email. */
  async function verify(user: { page: Awaited<ReturnType<typeof registeredUser>>['page']; email: string }) {
    const mail = await s.smtp.waitForMail(user.email, { subject: /verify/i });
    await user.page.goto(mail.links.find((l) => l.includes('/auth/action')) ?? '');
    await expectText(user.page.locator('h1'), 'Verify your email');
    await user.page.getByRole('link', { name: 'Continue to Scanline' }).click();
    await user.page.waitForURL('**/u/dashboard');
  }

  async function verifiedUser(tag: string) {
    const user = await registeredUser(tag);
    await verify(user);
    return user;
  }

  // Two registrations, two verifications and many screens: past the default 60 s on a shared machine (81 s measured).
  it('owner sets up, invites a teammate by email, promotes them, manages keys, deletes and restores', async () => {
    const owner = await verifiedUser('owner');
    const page = owner.page;
    // First run: a business, then a project.
    await page.goto(`${s.origin}/u/businesses`);
    await page.getByRole('button', { name: 'Add your first business' }).click();
    await page.fill('#biz-name', 'Acme Coffee');
    await page.getByRole('button', { name: 'Create business' }).click();
    await expectText(page.locator('.p-datatable'), 'Acme Coffee');
    await page.goto(`${s.origin}/p`);
    await page.getByRole('button', { name: 'Create a project' }).click();
    await page.fill('#project-name', 'Downtown store');
    // The only business is preselected.
    await expectText(page.locator('.p-dropdown:has(#project-business) .p-dropdown-label'), 'Acme Coffee');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/);
    const projectUrl = page.url().replace(/\/dashboard$/, '');

    // Invite the teammate; the link arrives by email.
    const mate = await registeredUser('mate');
    await page.goto(`${projectUrl}/members`);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.locator('#invite-emails').fill(mate.email);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expectText(page.locator('[aria-label="Pending invitations"]'), mate.email);
    const invitation = await s.smtp.waitForMail(mate.email, { subject: /invited/i });
    const link = invitation.links.find((l) => l.includes('invitation=')) ?? '';
    await mate.page.goto(link);
    await expectText(mate.page.locator('.invitation-card'), 'You are invited to Downtown store');
    // The link went to this address, so opening it as that address proves it:
    // Accept works before any verification email is opened (accepting marks it verified).
    expect(await mate.page.locator('.verify-to-accept').count()).toBe(0);
    expect(await mate.page.getByRole('button', { name: 'Accept' }).first().isDisabled()).toBe(false);
    await mate.page.getByRole('button', { name: 'Accept' }).first().click();
    await expectText(mate.page.locator('.project-card'), 'Downtown store');
    // As a member: can see the team, cannot invite or manage keys.
    await mate.page.goto(`${projectUrl}/members`);
    await expectText(mate.page.locator('.p-datatable'), owner.email);
    expect(await mate.page.getByRole('button', { name: 'Invite' }).isDisabled()).toBe(true);
    await mate.page.goto(`${projectUrl}/api-keys`);
    expect(await mate.page.getByRole('button', { name: 'New key' }).isDisabled()).toBe(true);

    // Promote the teammate to admin.
    await page.goto(`${projectUrl}/members`);
    await page.locator('tr', { hasText: mate.email }).locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'admin' }).click();
    await expectText(page.locator('.p-toast'), 'Role changed');
    await mate.page.goto(`${projectUrl}/api-keys`);
    // Enabled once the page knows the new role.
    await expectVisible(mate.page.locator('button:not([disabled])', { hasText: 'New key' }));

    // A key: the secret is shown once, then revoked.
    await page.goto(`${projectUrl}/api-keys`);
    await page.getByRole('button', { name: 'Create a key' }).click();
    await page.fill('#key-name', 'Back office');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^sl_/);
    const apiOk = await page.evaluate(
      async (key) =>
        (await fetch('/api/v1/projects', { headers: { authorization: `Bearer ${key}` } })).status,
      secret,
    );
    expect(apiOk).toBe(403); // listing projects is for people; the key itself authenticated
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expectGone(page.getByTestId('api-key-secret'));
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expectText(page.locator('.p-datatable'), 'Revoked');
    const projectId = projectUrl.split('/').pop();
    const afterRevoke = await page.evaluate(
      async ([key, id]) =>
        (await fetch(`/api/v1/projects/${id}`, { headers: { authorization: `Bearer ${key}` } })).status,
      [secret, projectId] as const,
    );
    expect(afterRevoke).toBe(401);

    // Delete (typed confirmation) and restore.
    await page.goto(`${projectUrl}/settings`);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.fill('#confirm-name', 'Downtown store');
    await page.locator('.p-dialog').getByRole('button', { name: 'Delete project' }).click();
    await page.waitForURL('**/p');
    await expectText(page.locator('.p-datatable'), 'Deleted');
    await page.getByRole('button', { name: 'Restore' }).click();
    await expectText(page.locator('.p-toast'), 'restored');
    await expectText(page.locator('.p-datatable'), 'Active');
  }, 150_000);
});
