import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleTour,
  navigate,
  routePatterns,
  SIGNED_OUT,
  seedConsoleTour,
  settled,
  signInOwner,
} from './console-tour';
import { expectVisible, type Stack, startStack } from './support';
import { walkTerminal } from './terminal-tour';

/**
 * Axe-core (WCAG 2.2 AA) finds nothing on every console route — the list is walked
 * from the router itself, so a new route fails here until it is given a page to visit — the
 * sign-in screens, the web terminal's screens and the dialogs the pages open, in light and dark,
 * at 1280 and 390 px. The shopper pages are checked the same way in pay-i18n.e2e.ts.
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = process.env.A11Y_WIDTH ? [Number(process.env.A11Y_WIDTH)] : ([1280, 390] as const);

/** What opens a dialog (or an overlay) on a screen: its button's accessible name. */
const DIALOGS: Record<string, RegExp[]> = {
  '/u/businesses': [/^New business$/],
  '/u/settings/security': [/^Add an authenticator$/],
  '/p': [/^New project$/],
  '/p/:id/dashboard': [/^Search/],
  '/p/:id/terminals': [/^New terminal$/, /^Pair /],
  '/p/:id/terminals/:terminalId': [/^Close the day$/],
  '/p/:id/transactions/:transactionId': [/^Refund$/],
  '/p/:id/members': [/^Invite$/],
  '/p/:id/admins': [/^Invite$/],
  '/p/:id/api-keys': [/^New key$/],
  '/p/:id/staff': [/^Add staff$/],
  '/p/:id/catalog': [/^Add item$/, /^Import CSV$/],
  '/p/:id/webhooks': [/^Add endpoint$/],
  '/p/:id/settings': [/^Delete project$/],
};

/** What opens only on a phone: the navigation drawer. */
const NARROW_DIALOGS: Record<string, RegExp[]> = {
  '/u/dashboard': [/^Open menu$/],
  '/p/:id/dashboard': [/^Open menu$/],
};

describe('no axe violations (WCAG 2.2 AA) anywhere in the console (Chromium)', () => {
  let s: Stack;
  let tour: ConsoleTour;

  beforeAll(async () => {
    s = await startStack();
    tour = await seedConsoleTour(s);
  }, 180_000);
  afterAll(() => s?.close());

  /** The findings of axe on the page as it is now, one line each. */
  async function axe(page: Page, label: string, include?: string) {
    // WCAG 2.5.3 Label in Name: axe tags its rule experimental, so it is asked for by name.
    // `options()` replaces what `withTags()` set, so the tags come after it.
    let builder = new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .withTags(WCAG_22_AA);
    if (include) builder = builder.include(include);
    const result = await builder.analyze();
    return result.violations.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  }

  /** Light or dark (the console follows the system), and the theme's stylesheet loaded. */
  async function scheme(page: Page, dark: boolean) {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.waitForFunction(
      (want) => {
        const html = document.documentElement;
        const link = document.getElementById('theme-link') as HTMLLinkElement | null;
        if (!link) return true;
        if (html.classList.contains('dark') !== want) return false;
        return [...document.styleSheets].some((sheet) => sheet.href === link.href);
      },
      dark,
      { timeout: 5000 },
    );
  }

  /** The web terminal keeps its own choice: its light-or-dark button. */
  async function terminalScheme(page: Page, dark: boolean) {
    const want = dark ? 'dark' : 'light';
    if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== want)
      await page.getByRole('button', { name: 'Switch light or dark' }).click();
    await page.waitForFunction((w) => document.documentElement.dataset.theme === w, want, { timeout: 5000 });
  }

  /** Every visible button, link, input and select smaller than 24 × 24 px (WCAG 2.5.8). */
  const smallTargets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, [role=button]')]
        .filter(
          (el) => (el as HTMLElement).checkVisibility() && !el.closest('.sr-only, .p-hidden-accessible'),
        )
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(
          ({ el, box }) =>
            `${el.outerHTML.slice(0, 80)} (${Math.round(box.width)} × ${Math.round(box.height)})`,
        ),
    );

  const log = (line: string) =>
    process.env.A11Y_LOG && process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

  async function consolePage(width: number) {
    const context = await s.browser.newContext({
      viewport: { width, height: width > 500 ? 800 : 844 },
      reducedMotion: 'reduce',
    });
    return context.newPage();
  }

  it('walks every route of the router (none is left without a page to visit)', () => {
    const patterns = routePatterns(tour.routes);
    expect(patterns.length).toBeGreaterThan(30);
    const missing = patterns.filter((p) => !tour.visit.has(p) || /:\w/.test(tour.visit.get(p)!));
    expect(missing).toEqual([]);
    // Each is either signed out or signed in below.
    const unknown = patterns.filter((p) => !SIGNED_OUT.includes(p) && !/^\/(u|p)(\/|$)/.test(p));
    expect(unknown).toEqual([]);
  });

  for (const width of WIDTHS)
    it(`every route at ${width} px, light and dark, with its dialogs open`, async () => {
      const page = await consolePage(width);
      const found: string[] = [];
      const seen = new Set<string>();
      for (const pattern of SIGNED_OUT) {
        await page.goto(`${s.origin}${tour.visit.get(pattern)}`);
        await settled(page, pattern);
        for (const dark of [false, true]) {
          await scheme(page, dark);
          found.push(...(await axe(page, `${pattern} ${width} ${dark ? 'dark' : 'light'}`)));
        }
        seen.add(pattern);
      }
      await signInOwner(page, s.origin, tour.email);
      for (const [pattern, path] of tour.visit) {
        if (SIGNED_OUT.includes(pattern)) continue;
        if (process.env.A11Y_ONLY && !process.env.A11Y_ONLY.split(',').some((w) => pattern.includes(w)))
          continue;
        log(pattern);
        await scheme(page, false);
        await navigate(page, path);
        await settled(page, pattern);
        // WCAG 2.2 target size for the trail's links whether or not it wraps: axe flags only
        // links that end up too close, and where a trail wraps depends on this run's labels.
        const small = await page
          .locator('.breadcrumbs a')
          .evaluateAll((links) =>
            links.filter((a) => a.getBoundingClientRect().height < 24).map((a) => a.textContent),
          );
        if (small.length)
          found.push(`${pattern} ${width}: breadcrumb links under 24 px: ${small.join(', ')}`);
        for (const dark of [false, true]) {
          const label = `${pattern} ${width} ${dark ? 'dark' : 'light'}`;
          await scheme(page, dark);
          found.push(...(await axe(page, label)));
          for (const opener of [
            ...(DIALOGS[pattern] ?? []),
            ...(width < 500 ? (NARROW_DIALOGS[pattern] ?? []) : []),
          ]) {
            const dialog = page.locator('.p-dialog, .p-sidebar, [role=dialog], [role=alertdialog]').last();
            try {
              await page.getByRole('button', { name: opener }).first().click({ timeout: 5000 });
              await expectVisible(dialog, 5000);
              await page.waitForTimeout(100);
              found.push(...(await axe(page, `${label} dialog ${opener.source}`)));
              await page.keyboard.press('Escape');
              await dialog.waitFor({ state: 'detached', timeout: 5000 });
            } catch (error) {
              found.push(`${label} dialog ${opener.source}: ${(error as Error).message.split('\n')[0]}`);
              await page.goto(`${s.origin}${path}`);
              await settled(page, pattern);
            }
          }
        }
        seen.add(pattern);
      }
      if (!process.env.A11Y_ONLY) expect([...tour.visit.keys()].filter((p) => !seen.has(p))).toEqual([]);
      expect(found).toEqual([]);
      await page.context().close();
      // ~220 s on a quiet 2-core machine: twice that leaves room for the other CI lane beside it.
    }, 480_000);

  for (const width of WIDTHS)
    it(`the web terminal's screens at ${width} px, light and dark`, async () => {
      const context = await s.browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const found: string[] = [];
      const small: string[] = [];
      const check = async (screen: string) => {
        await page.waitForTimeout(150);
        log(`terminal ${screen}`);
        if (width === 390) small.push(...(await smallTargets(page)).map((el) => `${screen}: ${el}`));
        for (const dark of [false, true]) {
          await terminalScheme(page, dark);
          found.push(...(await axe(page, `terminal ${screen} ${width} ${dark ? 'dark' : 'light'}`)));
        }
        await terminalScheme(page, false);
      };
      await walkTerminal(page, s.origin, tour, check);
      expect(found).toEqual([]);
      expect(small, 'touch targets under 24 × 24 px at 390 px').toEqual([]);
      await context.close();
    }, 120_000);

  it('honours prefers-reduced-motion: spinners and progress bars stand still, nothing transitions', async () => {
    const context = await s.browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    /** The computed animation and transition durations of a spinner-like element put on the page. */
    const motion = (html: string, selector: string, pseudo?: string) =>
      page.evaluate(
        ({ html, selector, pseudo }) => {
          const holder = document.createElement('div');
          holder.innerHTML = html;
          document.body.append(holder);
          const cs = getComputedStyle(holder.querySelector(selector)!, pseudo ?? null);
          const out = `${cs.animationName === 'none' ? '0s' : cs.animationDuration} ${cs.transitionDuration}`;
          holder.remove();
          return out;
        },
        { html, selector, pseudo },
      );
    const still = '0s 0s';
    // The console (PrimeReact's own elements, once its styles are on the page).
    await page.goto(`${s.origin}/register`);
    await expectVisible(page.locator('form'));
    expect(
      await motion(
        '<div class="p-progress-spinner"><svg class="p-progress-spinner-svg"><circle class="p-progress-spinner-circle"/></svg></div>',
        '.p-progress-spinner-svg',
      ),
    ).toBe(still);
    expect(
      await motion(
        '<div class="p-progressbar p-progressbar-indeterminate"><div class="p-progressbar-value"></div></div>',
        '.p-progressbar-value',
        '::before',
      ),
    ).toBe(still);
    expect(await motion('<button class="p-button">x</button>', '.p-button')).toBe(still);
    // The web terminal and the shopper page.
    await page.goto(`${s.origin}/terminal`);
    await expectVisible(page.locator('input'));
    expect(await motion('<span class="term-spinner"></span>', '.term-spinner')).toBe(still);
    expect(await motion('<button class="term-key">1</button>', '.term-key')).toBe(still);
    await page.goto(`${s.origin}/s/${'0'.repeat(40)}`);
    await expectVisible(page.locator('.pay-result-bad'));
    expect(await motion('<span class="pay-spinner"></span>', '.pay-spinner')).toBe(still);
    await context.close();
  });
});
