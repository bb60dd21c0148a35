import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../apps/server/src/db/schema';
import { expectText, newEmail, registerThroughUi, type Stack, startStack } from './support';

// zod's own wording, which a person must never see (issue 19).
const RAW_ZOD = /Too (small|big)|Invalid input|expected \w+ to|Unrecognized key|request is not valid/;

/** Issue 19: every form shows each problem under its own field, in words a person reads. */
describe('form field errors in Chromium', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('business, project, API key and webhook forms say what is wrong under the field', async () => {
    const page = await (await s.context()).newPage();
    const email = newEmail('forms');
    await registerThroughUi(page, s.origin, email);
    const verify = await s.smtp.waitForMail(email, { subject: /verify/i });
    await page.goto(verify.links.find((l) => l.includes('/auth/action')) ?? '');
    await expectText(page.locator('h1'), 'Verify your email');

    const underField = async (id: string, expected: string | RegExp) => {
      const error = page.locator(`#${id}-error`);
      await expectText(error, expected);
      expect(await error.textContent()).not.toMatch(RAW_ZOD);
    };

    // Business: the server refuses the support address; the message sits under that field.
    await page.goto(`${s.origin}/u/businesses`);
    await page.getByRole('button', { name: 'Add your first business' }).click();
    await page.fill('#biz-name', 'Acme Coffee');
    await page.fill('#biz-support', 'support-at-acme');
    await page.getByRole('button', { name: 'Create business' }).click();
    await underField('biz-support', 'Enter a valid email address.');
    await page.fill('#biz-support', 'support@acme.example');
    await page.getByRole('button', { name: 'Create business' }).click();
    await expectText(page.locator('.p-datatable'), 'Acme Coffee');

    // Project: too long a name.
    await page.goto(`${s.origin}/p`);
    await page.getByRole('button', { name: 'Create a project' }).click();
    await page.fill('#project-name', 'x'.repeat(121));
    await page.getByRole('button', { name: 'Create project' }).click();
    await underField('project-name', 'At most 120 characters.');
    await page.fill('#project-name', 'Downtown store');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/);
    const projectUrl = page.url().replace(/\/dashboard$/, '');

    // API key: same rule, its own form.
    await page.goto(`${projectUrl}/api-keys`);
    await page.getByRole('button', { name: 'New key' }).click();
    await page.fill('#key-name', 'k'.repeat(121));
    await page.getByRole('button', { name: 'Create key' }).click();
    await underField('key-name', 'At most 120 characters.');
    expect(await page.locator('#key-name').getAttribute('aria-describedby')).toBe('key-name-error');

    // Webhook endpoint: checked in the browser with the shared schema, same words.
    await page.goto(`${projectUrl}/webhooks`);
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    await page.fill('#webhook-url', 'not a url');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await expectText(page.locator('#webhook-url-error'), /URL/);
    expect(await page.locator('#webhook-url-error').textContent()).not.toMatch(RAW_ZOD);

    // Issue 16 §4: once the project requires two-step verification, this session (password
    // only) sees the way to enroll, and the link brings it back here afterwards.
    const projectId = projectUrl.split('/').pop() ?? '';
    await s.t.ctx.database.db.update(projects).set({ requireMfa: true }).where(eq(projects.id, projectId));
    await page.goto(`${projectUrl}/transactions`);
    await expectText(page.locator('.empty-state'), 'requires two-step verification');
    await page.getByRole('link', { name: 'Add an authenticator' }).click();
    await page.waitForURL('**/u/settings/security?then=*');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('then') ?? '')).toBe(
      new URL(`${projectUrl}/transactions`).pathname,
    );
  });
});
