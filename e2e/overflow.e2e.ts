import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPayoutsNow } from '../apps/server/src/domain/books/run-payouts';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession } from '../apps/server/src/test/tokens';
import {
  expectVisible,
  newEmail,
  payThroughApis,
  registerThroughUi,
  type Stack,
  startStack,
} from './support';

/**
 * No console page scrolls sideways, at a phone's 390 px or a narrow desktop's
 * 1280 px, in light or dark, even with very long and emoji names in the workspace.
 */
const LONG_NAME = '🥐 Boulangerie-Pâtisserie Ünterwegs Großhandel & Söhne International Holdings 👩‍👩‍👧‍👦';
const LONG_WORD = 'Supercalifragilisticexpialidocious-Kaffeehausgesellschaft-Niederlassung-Nord';
/** An endpoint URL of 120 characters with no place to break it. */
const LONG_URL = `https://hooks.example.com/${'x'.repeat(94)}`;

describe('no page scrolls sideways (Chromium)', () => {
  let s: Stack;
  let page: Page;
  const routes: string[] = [];
  let projectPath = '';
  let longWebhookId = '';

  beforeAll(async () => {
    s = await startStack();
    page = await (await s.context()).newPage();
    const email = newEmail('overflow');
    await registerThroughUi(page, s.origin, email);
    await page.getByRole('button', { name: 'Create a demo project' }).click();
    await page.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/, { timeout: 60_000 });
    const projectId = /\/p\/(prj_[A-Za-z0-9]+)\//.exec(page.url())![1]!;
    const db = s.t.ctx.database.db;
    // Names as long as the forms allow, with emoji and a word that cannot break.
    await db.execute(sql`update projects set name = ${LONG_NAME.slice(0, 120)} where id = ${projectId}`);
    await db.execute(
      sql`update businesses set name = ${`${LONG_WORD} ${LONG_NAME}`.slice(0, 120)} where id = (select business_id from projects where id = ${projectId})`,
    );
    await db.execute(
      sql`update terminals set label = ${LONG_WORD.slice(0, 80)} where project_id = ${projectId}`,
    );
    const user = await findUserByEmail(db, email);
    const auth = await freshSession(s.t.ctx, user!);
    const webhook = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      headers: auth,
      payload: {
        url: `https://hooks.example.com/${'very-long-path-segment-'.repeat(8)}`,
        description: LONG_NAME,
      },
    });
    expect(webhook.statusCode, webhook.body).toBe(201);
    const sent = (
      await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/webhooks/${webhook.json().id}/test`,
        headers: auth,
      })
    ).json();
    // The deliveries of an endpoint whose URL cannot break, and more projects
    // with long names for the switcher's list.
    const unbroken = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/webhooks`,
      headers: auth,
      payload: { url: LONG_URL },
    });
    expect(unbroken.statusCode, unbroken.body).toBe(201);
    longWebhookId = unbroken.json().id;
    const unbrokenSent = (
      await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/webhooks/${longWebhookId}/test`,
        headers: auth,
      })
    ).json();
    const businessId = (await s.t.app.inject({ url: `/api/v1/projects/${projectId}`, headers: auth })).json()
      .business_id;
    for (const name of [
      `${LONG_WORD}${LONG_WORD}`.slice(0, 120),
      `${LONG_NAME} Zweigstelle Süd`.slice(0, 120),
    ]) {
      const made = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: auth,
        payload: { name, business_id: businessId, time_zone: 'UTC', currency: 'USD' },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const api = async (path: string) =>
      (await s.t.app.inject({ url: `/api/v1/projects/${projectId}${path}`, headers: auth })).json();
    const [tx] = (await api('/transactions?limit=1')).data;
    const terminal = (
      await s.t.app.inject({ url: `/terminal/v1/projects/${projectId}/terminals?limit=1`, headers: auth })
    ).json().data[0];
    // A close of that terminal, and a payout of a payment made through the APIs.
    const close = (
      await s.t.app.inject({
        method: 'POST',
        url: `/terminal/v1/projects/${projectId}/terminals/${terminal.id}/closes`,
        headers: auth,
      })
    ).json();
    const post = async (url: string, payload: unknown, headers: Record<string, string> = auth) =>
      (await s.t.app.inject({ method: 'POST', url, headers, payload: payload as never })).json();
    await payThroughApis(post, projectId, 'overflow-books');
    const [payout] = (await runPayoutsNow(s.t.ctx, { projectId, asOf: '2099-12-31' })).payouts;
    const p = `/p/${projectId}`;
    projectPath = p;
    routes.push(
      `${p}/closes`,
      `${p}/closes/${close.id}`,
      `${p}/payouts`,
      `${p}/payouts/${payout!.id}`,
      '/u/dashboard',
      '/u/profile',
      '/u/businesses',
      '/u/settings',
      '/u/settings/security',
      '/p',
      `${p}/dashboard`,
      `${p}/scans`,
      `${p}/transactions`,
      `${p}/transactions/${tx.id}`,
      `${p}/terminals`,
      `${p}/terminals/${terminal.id}`,
      `${p}/members`,
      `${p}/admins`,
      `${p}/api-keys`,
      `${p}/staff`,
      `${p}/catalog`,
      `${p}/webhooks`,
      `${p}/webhooks/${webhook.json().id}`,
      `${p}/webhooks/${webhook.json().id}/deliveries/${sent.delivery_id}`,
      `${p}/events`,
      `${p}/events/${sent.event_id}`,
      `${p}/webhooks/${longWebhookId}`,
      `${p}/webhooks/${longWebhookId}/deliveries/${unbrokenSent.delivery_id}`,
      `${p}/events/${unbrokenSent.event_id}`,
      `${p}/terminals/${terminal.id}/sticker`,
      `${p}/logs`,
      `${p}/settings`,
    );
  }, 120_000);
  afterAll(() => s.close());

  /** The innermost elements sticking out on the right: what a failure names. */
  const culprits = () =>
    page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right <= limit + 1 || r.width === 0) continue;
        if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > limit + 1)) continue;
        const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 2).join('.') : '';
        out.push(
          `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} (${Math.round(r.right - limit)} px: ${(el.textContent ?? '').slice(0, 40)})`,
        );
      }
      return out.slice(0, 4).join('; ');
    });

  /** How far the document scrolls sideways, after the page has drawn its data. */
  async function overflowOf(route: string): Promise<number> {
    await page.goto(`${s.origin}${route}`);
    await expectVisible(page.locator('h1, h2, [data-testid=sticker-sheet]'), 15_000).catch((error) => {
      throw new Error(`${route}: no heading drawn (${(error as Error).message})`);
    });
    await page
      .locator('.p-skeleton, .p-progress-spinner')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await page.waitForTimeout(150);
    return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }

  it('fits the sign-in screens at 390 and 1280 px, light and dark', async () => {
    const anonymous = await (await s.context()).newPage();
    const wide: string[] = [];
    for (const width of [1280, 390]) {
      await anonymous.setViewportSize({ width, height: 800 });
      for (const route of ['/login', '/register', '/forgot-password']) {
        await anonymous.goto(`${s.origin}${route}`);
        await expectVisible(anonymous.locator('form'));
        for (const scheme of ['light', 'dark'] as const) {
          await anonymous.emulateMedia({ colorScheme: scheme });
          const by = await anonymous.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (by > 0) wide.push(`${route} at ${width} (${scheme}) by ${by} px`);
        }
      }
    }
    expect(wide).toEqual([]);
  });

  for (const width of [1280, 390]) {
    it(`fits every route at ${width} px, light and dark`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const wide: string[] = [];
      for (const route of routes) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          const by =
            scheme === 'light'
              ? await overflowOf(route)
              : await page.evaluate(
                  () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
                );
          if (by > 0) wide.push(`${route} (${scheme}) by ${by} px: ${await culprits()}`);
        }
      }
      expect(wide).toEqual([]);
    }, 180_000);
  }

  /** What opens over a page (the project switcher, menus, dialogs) fits as well. */
  const opened: { route: string; name: string; open: () => Promise<unknown> }[] = [
    {
      route: 'dashboard',
      name: 'project switcher',
      open: async () => {
        const narrow = (page.viewportSize()?.width ?? 1280) < 768;
        if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator(`${narrow ? '.nav-drawer' : 'aside.side'} .project-switcher .p-dropdown`).click();
        await expectVisible(page.locator('.p-dropdown-panel .p-dropdown-item'));
      },
    },
    {
      route: 'dashboard',
      name: 'account menu',
      open: async () => {
        await page.getByRole('button', { name: /Account menu/ }).click();
        await expectVisible(page.locator('.p-menu-overlay'));
      },
    },
    {
      route: 'webhooks',
      name: 'endpoint dialog with the long URL',
      open: async () => {
        await page.locator('tr', { hasText: 'xxxxxxxx' }).getByRole('button', { name: 'Edit' }).click();
        await expectVisible(page.locator('.p-dialog'));
      },
    },
    {
      route: 'webhooks',
      name: 'secret dialog of the long URL',
      open: async () => {
        await page.locator('tr', { hasText: 'xxxxxxxx' }).getByRole('button', { name: 'Secret' }).click();
        await expectVisible(page.locator('.p-dialog'));
      },
    },
    {
      route: 'members',
      name: 'invite dialog',
      open: async () => {
        await page.getByRole('button', { name: 'Invite' }).click();
        await expectVisible(page.locator('.p-dialog'));
      },
    },
  ];

  for (const width of [1280, 390]) {
    it(`fits menus and dialogs opened at ${width} px, light and dark`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const wide: string[] = [];
      for (const { route, name, open } of opened) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await overflowOf(`${projectPath}/${route}`);
          await open();
          await page.waitForTimeout(300);
          const by = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (by > 0) wide.push(`${name} on ${route} (${scheme}) by ${by} px: ${await culprits()}`);
        }
      }
      expect(wide).toEqual([]);
    }, 180_000);
  }
});
