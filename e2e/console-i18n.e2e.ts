import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectText,
  expectVisible,
  payThroughApis,
  type Stack,
  signedUpWithProject,
  startStack,
} from './support';

// On the console's side, in Chromium: German chosen in Settings → Language (kept on
// the account: PATCH /api/v1/me `{locale}`) shows the navigation, a table page, its dates and
// its money in German, and a reload keeps it; before that, `?lang=de` does the same for the tab.
// `SAVE_SCREENSHOTS=1` also writes docs/images/console-de.png (1280 px).

const images = path.resolve(import.meta.dirname, '../docs/images');

describe('the console in German', () => {
  let s: Stack;
  let page: Page;
  let projectId: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    s = await startStack();
    page = await (await s.context({ width: 1280, height: 800 })).newPage();
    const made = await signedUpWithProject(s, page, { tag: 'console-de' });
    projectId = made.project.id;
    auth = made.auth;
    await payThroughApis(made.post, projectId, 'console-de-1');
  });
  afterAll(async () => {
    await s?.close();
  });

  const me = async () => {
    const res = await s.t.app.inject({ url: '/api/v1/me', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { user: Record<string, unknown> };
  };

  /** The transactions page reads German: nav, title, columns, the amount and the date. */
  async function expectGermanTransactions() {
    await expectText(page.locator('.side-nav'), 'Transaktionen');
    await expectText(page.locator('.side-nav'), 'Auszahlungen');
    await expectText(page.locator('h1'), 'Transaktionen');
    await expectVisible(page.locator('th', { hasText: 'Betrag' }));
    // $12.50 in German: the number first, a decimal comma, the sign after.
    await expectText(page.locator('td .money'), /12,50\s\$/);
    await expectText(page.locator('.p-tag'), 'Erfolgreich');
    // The browser is en-US: the date follows the chosen language (dd.mm.yy, 24-hour clock).
    await expectVisible(page.locator('td', { hasText: /\d{2}\.\d{2}\.\d{2},? \d{2}:\d{2}/ }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  }

  it('follows ?lang=de while the account has no language, also after moving around and a reload', async () => {
    expect((await me()).user.locale ?? null).toBeNull();
    await page.goto(`${s.origin}/p/${projectId}/transactions?lang=de`);
    await expectGermanTransactions();
    // The language stays while moving around the console without ?lang= in the address.
    await page.click('.side-nav a[href$="/terminals"]');
    await expectText(page.locator('h1'), /Terminals/);
    await page.click('.side-nav a[href$="/transactions"]');
    await expectGermanTransactions();
    await page.reload();
    await expectGermanTransactions();
  });

  it('shows German after it is chosen in Settings, keeps it on reload, and the account answers it', async () => {
    // A new tab of the same browser (signed in, sessionStorage empty): nothing from ?lang= is
    // left, so the account's choice alone decides.
    page = await page.context().newPage();
    await page.goto(`${s.origin}/u/settings/language`);
    await page.click('label[for=language-de]');
    await expectText(page.locator('h1'), 'Sprache');
    await expect.poll(async () => (await me()).user.locale).toBe('de');
    await page.goto(`${s.origin}/p/${projectId}/transactions`);
    await expectGermanTransactions();
    await page.reload();
    await expectGermanTransactions();
    if (process.env.SAVE_SCREENSHOTS) {
      await expectVisible(page.locator('td .money'));
      await page.screenshot({ path: path.join(images, 'console-de.png') });
    }
  });

  it('offers every language, named in itself, and the pseudo-locale, in Settings → Language', async () => {
    await page.goto(`${s.origin}/u/settings/language?lang=fr`);
    for (const name of ['English', 'Deutsch', 'Français', 'Español'])
      await expectVisible(page.locator('label', { hasText: name }));
    await expectVisible(page.locator('label[for=language-en-XA]'));
  });

  it('the sign-in screen speaks Spanish from ?lang=es, and the pseudo-locale brackets it', async () => {
    const context = await s.context({ width: 390, height: 800 });
    const anonymous = await context.newPage();
    await anonymous.goto(`${s.origin}/login?lang=es`);
    await expectText(anonymous.locator('h1'), 'Iniciar sesión');
    await expectText(anonymous.locator('label[for=login-password]'), 'Contraseña');
    await anonymous.goto(`${s.origin}/login?lang=en-XA`);
    await expectText(anonymous.locator('h1'), /^\[.*\]$/);
  });
});
