import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession, twoStepSession } from '../apps/server/src/test/tokens';
import { expectText, newEmail, registerThroughUi, type Stack, startStack } from './support';

// zod's own wording, which a person must never see.
const RAW_ZOD = /Too (small|big)|Invalid input|expected \w+ to|Unrecognized key|request is not valid/;

/** Every form shows each problem under its own field, in words a person reads. */
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

    // What a server did with a key shows in Developers → Logs, failures with bodies.
    const owner = await findUserByEmail(s.t.ctx.database.db, email);
    const auth = await freshSession(s.t.ctx, owner!);
    const projectIdForKey = projectUrl.split('/').pop() ?? '';
    const key = (
      await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectIdForKey}/api-keys`,
        headers: auth,
        payload: { name: 'Register', mode: 'write' },
      })
    ).json() as { secret: string };
    const asServer = (method: string, url: string, body?: object) =>
      fetch(`${s.origin}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${key.secret}`,
          ...(body ? { 'content-type': 'application/json', 'idempotency-key': 'order-1042' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await asServer('GET', `/api/v1/projects/${projectIdForKey}`)).status).toBe(200);
    expect(
      (await asServer('POST', '/terminal/v1/transactions', { amount: -5, card_number: '4242424242424242' }))
        .status,
    ).toBe(400);
    await page.goto(`${projectUrl}/logs`);
    const failed = page.locator('tr', { hasText: '/terminal/v1/transactions' });
    await expectText(failed, '400', 15_000);
    await expectText(page.locator('tr', { hasText: `/api/v1/projects/${projectIdForKey}` }), '200');
    await failed.getByRole('button').first().click();
    const dialog = page.locator('.p-dialog');
    await expectText(dialog, 'Register (sl_');
    await expectText(dialog, '"amount": -5');
    await expectText(dialog, 'validation_failed');
    expect(await dialog.textContent()).not.toContain('4242424242424242');
    await expectText(page.getByTestId('request-curl'), 'Idempotency-Key: order-1042');
    await page.keyboard.press('Escape');

    // Once the project requires two-step verification, this session (password
    // only) sees the way to enroll, and the link brings it back here afterwards.
    const projectId = projectUrl.split('/').pop() ?? '';
    // Turned on as the owner would, from a session that passed a second factor (the API forgets
    // cached project reads on every replica when it changes).
    const turnedOn = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: await twoStepSession(s.t.ctx, owner!),
      payload: { require_mfa: true },
    });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    await page.goto(`${projectUrl}/transactions`);
    await expectText(page.locator('.empty-state'), 'requires two-step verification');
    await page.getByRole('link', { name: 'Add an authenticator' }).click();
    await page.waitForURL('**/u/settings/security?then=*');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('then') ?? '')).toBe(
      new URL(`${projectUrl}/transactions`).pathname,
    );
  }, 180_000);
});
