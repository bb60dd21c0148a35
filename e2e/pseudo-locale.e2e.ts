import { accent } from '@scanline/contracts/pseudo-locale';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleTour,
  navigate,
  SIGNED_OUT,
  seedConsoleTour,
  settled,
  signInOwner,
} from './console-tour';
import { expectVisible, type Stack, startStack } from './support';
import { walkTerminal } from './terminal-tour';

/**
 * Every console route, the sign-in screens and the web terminal's screens in the
 * pseudo-locale `en-XA`, on a phone. In it every letter of every catalogue message is accented,
 * so a run of plain ASCII letters on the screen is text that did not come from a catalogue —
 * unless it is data: words that arrived in an API answer (names, ids, e-mails, URLs, event
 * types), what `Intl` writes (month names, AM/PM) and proper names (card brands, the languages
 * named in themselves). The page must not scroll sideways either (messages are 35 % longer, with
 * long words).
 */

const WIDTH = 390;

/** Runs of two or more ASCII letters: what a person reads as an English word. */
const WORDS = /[A-Za-z][A-Za-z]+/g;

/** Words `Intl` writes in English for `en-XA` (dates, times, relative times): data, not text. */
function intlWords(): Set<string> {
  const words = new Set<string>(['AM', 'PM', 'UTC', 'GMT']);
  const add = (text: string) => {
    for (const w of text.match(WORDS) ?? []) words.add(w);
  };
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2026, m, 15));
    for (const month of ['long', 'short'] as const) add(d.toLocaleString('en', { month }));
  }
  for (let day = 0; day < 7; day++) {
    const d = new Date(Date.UTC(2026, 0, 4 + day));
    for (const weekday of ['long', 'short'] as const) add(d.toLocaleString('en', { weekday }));
  }
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const)
    for (const n of [-2, -1, 0, 1, 2]) add(rtf.format(n, unit));
  return words;
}

/** Proper names shown as they are in every language. */
const NAMES = [
  'Scanline',
  'SHA-256',
  // A date format spelled out for the user to recognise (mm/dd/yy), as Intl orders its parts.
  'mm dd yy yyyy',
  // The language menu names each language in itself (ç and ñ split the runs).
  'English',
  'Deutsch',
  'Français',
  'Español',
  'en-XA',
  // Card brands, as the card networks write them.
  'Visa',
  'Mastercard',
  'American Express',
  'Amex',
  'Discover',
  'Diners Club',
  'JCB',
  'UnionPay',
];

describe('the console in the pseudo-locale en-XA: no text outside the catalogues (Chromium)', () => {
  let s: Stack;
  let tour: ConsoleTour;
  const allowed = intlWords();
  for (const name of NAMES) for (const w of name.match(WORDS) ?? []) allowed.add(w);

  beforeAll(async () => {
    s = await startStack();
    tour = await seedConsoleTour(s);
  }, 180_000);
  afterAll(() => s?.close());

  /** Every word of every string (and key) the console received from an API: data. */
  function collectData(page: Page, data: Set<string>) {
    const walk = (value: unknown) => {
      if (typeof value === 'string') for (const w of value.match(WORDS) ?? []) data.add(w);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          walk(k);
          walk(v);
        }
    };
    page.on('response', async (res) => {
      if (!(res.headers()['content-type'] ?? '').includes('json')) return;
      walk(await res.json().catch(() => null));
    });
  }

  /** Plain-English words on the screen that are not data, with the line each stands in. */
  async function check(page: Page, label: string, data: Set<string>) {
    const seen = await page.evaluate(() => ({
      // innerText, not textContent: what is rendered and visible, as a reader sees it.
      // biome-ignore lint/performance/useDomNodeTextContent: hidden text is not on the screen
      text: document.body.innerText,
      // Code listings (a payload as JSON, a curl command) are data, shown as they travel.
      // biome-ignore lint/performance/useDomNodeTextContent: as rendered, like the text above
      code: [...document.querySelectorAll('pre, code')].map((el) => (el as HTMLElement).innerText),
      lang: document.documentElement.lang,
      sideways: document.documentElement.scrollWidth - window.innerWidth,
    }));
    const found: string[] = [];
    if (seen.lang !== 'en-XA') found.push(`${label}: <html lang="${seen.lang}">`);
    if (seen.sideways > 1) found.push(`${label}: scrolls sideways by ${seen.sideways} px`);
    const code = new Set(seen.code.flatMap((c) => c.split('\n').map((l) => l.trim())));
    for (const line of seen.text.split('\n')) {
      if (code.has(line.trim())) continue;
      const plain = (line.match(WORDS) ?? []).filter((w) => !allowed.has(w) && !data.has(w));
      if (plain.length) found.push(`${label}: ${plain.join(' ')} — in "${line.trim().slice(0, 100)}"`);
    }
    return found;
  }

  it(`every route and the sign-in screens at ${WIDTH} px`, async () => {
    const context = await s.browser.newContext({
      viewport: { width: WIDTH, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const data = new Set<string>([...tour.email.match(WORDS)!]);
    collectData(page, data);
    const found: string[] = [];
    // `?lang=` holds for the tab: the signed-out screens, the sign-in and every route after it.
    for (const pattern of SIGNED_OUT) {
      const path = tour.visit.get(pattern)!;
      await page.goto(`${s.origin}${path}${path.includes('?') ? '&' : '?'}lang=en-XA`);
      await settled(page, pattern);
      found.push(...(await check(page, pattern, data)));
    }
    await signInOwner(page, s.origin, tour.email);
    for (const [pattern, path] of tour.visit) {
      if (SIGNED_OUT.includes(pattern)) continue;
      await navigate(page, path);
      await settled(page, pattern);
      found.push(...(await check(page, pattern, data)));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 240_000);

  it(`the web terminal's screens at ${WIDTH} px`, async () => {
    const context = await s.browser.newContext({
      viewport: { width: WIDTH, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const data = new Set<string>();
    collectData(page, data);
    const found: string[] = [];
    await walkTerminal(
      page,
      s.origin,
      tour,
      async (screen) => {
        await page.waitForTimeout(150);
        found.push(...(await check(page, `terminal ${screen}`, data)));
      },
      'en-XA',
    );
    // And the day closed: its Z report (the walk stops at the figures before the close).
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: accent('Close the day') }).click();
    await expectVisible(page.locator('.term-hash'));
    found.push(...(await check(page, 'terminal close made', data)));
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});
