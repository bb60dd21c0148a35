import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/harness';
import { type OidcPeer, startOidcProvider } from '../apps/server/src/test/oidc-provider';
import { expectText, newEmail, type Stack, startStack } from './support';

/** Federated sign-in in the browser against a real local OpenID Connect provider. */
describe('federated sign-in in Chromium', () => {
  let s: Stack;
  let idp: OidcPeer;
  beforeAll(async () => {
    const port = await freePort();
    idp = await startOidcProvider([`http://127.0.0.1:${port}/auth/federated/acme/callback`]);
    s = await startStack({
      port,
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            name: 'acme',
            display_name: 'Acme SSO',
            issuer: idp.issuer,
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await s.close();
    await idp.close();
  });

  /** The provider's own login and consent pages, filled in as a person would. */
  async function loginAtProvider(page: import('playwright-core').Page, sub: string) {
    await page.waitForSelector('input[name=login]');
    await page.fill('input[name=login]', sub);
    await page.fill('input[name=password]', 'anything');
    await page.click('button[type=submit]');
    const consent = page.locator('button[type=submit]', { hasText: 'Continue' });
    if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();
  }

  it('signs in through a 500 × 600 popup', async () => {
    const email = newEmail('popup');
    idp.accounts.set('popper', { email, email_verified: true, name: 'Pop Upper' });
    const context = await s.context();
    const page = await context.newPage();
    await page.goto(`${s.origin}/login`);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Continue with Acme SSO' }).click(),
    ]);
    await popup.waitForLoadState();
    const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
    expect(size.w).toBeLessThanOrEqual(520);
    await loginAtProvider(popup, 'popper');
    await page.waitForURL('**/u/dashboard');
    await expectText(page.locator('h1'), 'Welcome, Pop Upper');
  });

  it('signs in by redirect and handles the result once', async () => {
    const email = newEmail('redirect');
    idp.accounts.set('redirector', { email, email_verified: true, name: 'Re Director' });
    const context = await s.context();
    const page = await context.newPage();
    // The console offers the redirect way when a popup is blocked; here it is started directly.
    await page.goto(`${s.origin}/auth/federated/acme/start?mode=redirect&return_to=/login`);
    await loginAtProvider(page, 'redirector');
    await page.waitForURL('**/u/dashboard');
    await expectText(page.locator('h1'), 'Welcome, Re Director');
  });

  it('reports a closed popup after the grace period', async () => {
    const context = await s.context();
    const page = await context.newPage();
    await page.goto(`${s.origin}/login`);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Continue with Acme SSO' }).click(),
    ]);
    await popup.close();
    await expectText(page.getByRole('alert'), 'The sign-in window was closed', 15_000);
  });
});
