import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, expectVisible, type Stack, signedUpWithProject, startStack } from './support';

// On the shopper's side, in Chromium: the pay page in the browser's language (French),
// switched with its menu (German), walked in the pseudo-locale en-XA (every visible word from the
// catalogue, nothing sideways at 390 px) and in the right-to-left pseudo-locale ar-XB (every
// element laid out right to left, the menu, fields, tips and lines mirrored), in Arabic and
// Japanese, and checked with axe (WCAG 2.2 AA) in light and dark at 1280 and 390 px.
// `SAVE_SCREENSHOTS=1` also writes the docs' pictures into docs/images/.

const MERCHANT = 'Acme Coffee';
const TERMINAL = 'Counter tablet';
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const images = path.resolve(import.meta.dirname, '../docs/images');

describe('the shopper pages in every language', () => {
  let s: Stack;
  const contexts: BrowserContext[] = [];
  /** A new pending payment of `amount` cents (or of a basket) on the paired terminal: its pay page's path. */
  let charge: (amount: number | { line_items: object[] }) => Promise<string>;
  /** The terminal's printed sticker (`/s/…`). */
  let stickerPath: string;

  beforeAll(async () => {
    s = await startStack();
    const merchant = await (await s.context()).newPage();
    const { post, project, auth } = await signedUpWithProject(s, merchant, {
      tag: 'i18n',
      country: 'FR',
      currency: 'EUR',
    });
    const patch = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers: auth,
      payload: { tipping: { enabled: true, percentages: [10, 15, 20], allow_custom: true } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const terminals = `/terminal/v1/projects/${project.id}/terminals`;
    const terminal = await post(terminals, { label: TERMINAL, kind: 'virtual' });
    const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
    const paired = await post(
      '/terminal/v1/pair',
      { code, device: { model: 'test', app_version: 'web-1.0' } },
      {},
    );
    const detail = await s.t.app.inject({ url: `${terminals}/${terminal.id}`, headers: auth });
    stickerPath = new URL(String(detail.json().sticker_url)).pathname;
    let n = 0;
    charge = async (amount) => {
      const txn = await post('/terminal/v1/transactions', typeof amount === 'number' ? { amount } : amount, {
        authorization: `Bearer ${paired.device_token}`,
        'idempotency-key': `i18n-${n++}`,
      });
      return new URL(String(txn.payment_url)).pathname;
    };
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await s?.close();
  });

  async function phone(
    opts: { locale?: string; width?: number; dark?: boolean; reducedMotion?: boolean } = {},
  ) {
    const context = await s.browser.newContext({
      viewport: { width: opts.width ?? 390, height: 844 },
      locale: opts.locale ?? 'en-US',
      colorScheme: opts.dark ? 'dark' : 'light',
      reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
    });
    contexts.push(context);
    return context.newPage();
  }

  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
  const sideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  /**
   * Every visible text node (and placeholder, accessible name) must be pseudo text once the data
   * (merchant, terminal, amounts, percentages, e-mail addresses) is taken out: no plain ASCII
   * letter, and its element's text in brackets. The language menu names languages in themselves.
   */
  const notPseudo = (page: Page) =>
    page.evaluate(
      ({ merchant, terminal }) => {
        const data = [
          new RegExp(merchant, 'g'),
          new RegExp(terminal, 'g'),
          /[\d\s.,\u00a0\u202f]*[€$][\d\s.,\u00a0\u202f]*/g,
          /[\w.+-]+@[\w.-]+\.\w+/g,
          /\bEUR\b/g, // the currency's code
          /Scanline/g, // the product's name, where no merchant is known
        ];
        const strip = (text: string) => data.reduce((t, d) => t.replace(d, ''), text);
        const bracketed = (text: string) => /^\s*\[[\s\S]*\]\s*$/.test(text);
        const bad: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode;
          const el = node.parentElement;
          if (!el || el.closest('select, script, style, [aria-hidden="true"]')) continue;
          if (!el.checkVisibility()) continue;
          const text = strip(node.textContent ?? '');
          if (!/\p{L}/u.test(text)) continue;
          if (/[A-Za-z]/.test(text) || !bracketed(el.textContent ?? ''))
            bad.push(`text: ${node.textContent}`);
        }
        for (const el of document.querySelectorAll('[placeholder], [aria-label]')) {
          if (el.closest('select')) continue;
          for (const attr of ['placeholder', 'aria-label']) {
            const value = el.getAttribute(attr);
            if (value === null) continue;
            const text = strip(value);
            if (/\p{L}/u.test(text) && (/[A-Za-z]/.test(text) || !bracketed(value)))
              bad.push(`${attr}: ${value}`);
          }
        }
        return bad;
      },
      { merchant: MERCHANT, terminal: TERMINAL },
    );

  /** Pseudo text only, nothing sideways, every target at least 24 × 24 px. */
  async function checkPseudo(page: Page, step: string) {
    expect(await notPseudo(page), step).toEqual([]);
    expect(await sideways(page), `${step}: scrolls sideways at 390 px`).toBe(false);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('button, a, select, input')]
        .filter((el) => (el as HTMLElement).checkVisibility())
        .map((el) => ({ el: el.outerHTML.slice(0, 80), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(({ el }) => el),
    );
    expect(small, `${step}: touch targets under 24 × 24 px`).toEqual([]);
  }

  async function fillCard(page: Page, number: string) {
    await page.locator('#card-number').fill(number);
    await page.locator('#card-expiry').fill('12 / 34');
    await page.locator('#card-cvc').fill('123');
    await page.locator('form.pay-form button[type=submit]').click();
  }

  it('opens in the browser language (French), and the menu switches it to German', async () => {
    const payPath = await charge(1250);
    const page = await phone({ locale: 'fr-FR' });
    await page.goto(`${s.origin}${payPath}`);
    await expectText(page.locator('.pay-footer'), 'jamais au commerçant');
    expect(await htmlLang(page)).toBe('fr');
    // Money through Intl in French: "12,50 €".
    await expectText(page.getByTestId('pay-amount'), /12,50\s€/);
    await expectVisible(page.getByRole('group', { name: /^Ajouter un pourboire\s\?$/ }));
    await expectVisible(page.getByRole('button', { name: /^Payer 12,50\s€$/ }));
    await expectVisible(page.getByLabel('Numéro de carte'));
    expect(await page.title()).toBe(`Payer · ${MERCHANT}`);
    if (process.env.SAVE_SCREENSHOTS) {
      fs.mkdirSync(images, { recursive: true });
      await page.screenshot({ path: path.join(images, 'pay-fr.png'), fullPage: true });
    }

    await page.getByLabel('Langue').selectOption('de');
    await expectText(page.locator('.pay-footer'), 'nie an den Händler');
    expect(await htmlLang(page)).toBe('de');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('de');
    await expectVisible(page.getByRole('button', { name: /^12,50\s€ bezahlen$/ }));
    await expectVisible(page.getByRole('button', { name: 'Kein Trinkgeld' }));
    // The choice stays over a reload (it is in the address).
    await page.reload();
    await expectText(page.locator('.pay-footer'), 'nie an den Händler');
    expect(await htmlLang(page)).toBe('de');
  });

  it('?lang= wins over the browser, and a declined card is said in that language', async () => {
    const payPath = await charge(990);
    const page = await phone({ locale: 'de-DE' });
    await page.goto(`${s.origin}${payPath}?lang=es`);
    await expectText(page.locator('.pay-footer'), 'nunca al comercio');
    expect(await htmlLang(page)).toBe('es');
    await fillCard(page, '4000 0000 0000 0002');
    await expectText(page.getByTestId('pay-declined'), 'Tu tarjeta ha sido rechazada');
  });

  it('walks the page in en-XA: tips, card errors, a decline, the receipt; all pseudo text, nothing sideways', async () => {
    const payPath = await charge(2475);
    const page = await phone({ locale: 'en-US' });
    await page.goto(`${s.origin}${payPath}?lang=en-XA`);
    await expectVisible(page.locator('.pay-tips'));
    expect(await htmlLang(page)).toBe('en-XA');
    await checkPseudo(page, 'form');

    // The tip picker: a percentage, then a custom amount that is too high.
    const tips = page.locator('.pay-tip');
    await tips.nth(2).click();
    await expectVisible(page.getByTestId('pay-tip-line'));
    await checkPseudo(page, 'tip chosen');
    await tips.last().click();
    await page.locator('#tip-custom').fill('999');
    await expectVisible(page.locator('#tip-custom-error'));
    await checkPseudo(page, 'custom tip too high');
    await page.locator('#tip-custom').fill('1');

    // The card form's own errors, then a declined card.
    await page.locator('form.pay-form button[type=submit]').click();
    await expectVisible(page.locator('#card-number-error'));
    await checkPseudo(page, 'card errors');
    const live = page.getByTestId('pay-live');
    expect(await live.textContent()).toBe('');
    await fillCard(page, '4000 0000 0000 0002');
    await expectVisible(page.getByTestId('pay-declined'));
    // The result is said through the live region that was there before it changed.
    await expectText(live, '[');
    await checkPseudo(page, 'declined');
    if (process.env.SAVE_SCREENSHOTS)
      await page.screenshot({ path: path.join(images, 'pay-en-XA.png'), fullPage: true });

    // Another card pays; the receipt offer, and its error for a bad address.
    await fillCard(page, '4242 4242 4242 4242');
    await expectVisible(page.locator('.pay-result-good'));
    await checkPseudo(page, 'paid');
    await page.locator('#receipt-email').fill('not-an-address');
    await page.locator('.pay-receipt button[type=submit]').click();
    await expectVisible(page.locator('#receipt-email-error'));
    await checkPseudo(page, 'receipt error');
  });

  it('walks the sticker page in en-XA, with its range error and an unknown sticker', async () => {
    const page = await phone();
    await page.goto(`${s.origin}${stickerPath}?lang=en-XA`);
    await expectVisible(page.locator('#sticker-amount'));
    expect(await htmlLang(page)).toBe('en-XA');
    await checkPseudo(page, 'sticker');
    await page.locator('#sticker-amount').fill('0.10');
    await page.locator('form.pay-form button[type=submit]').click();
    await expectVisible(page.locator('#sticker-amount-error'));
    await checkPseudo(page, 'sticker range error');
    await page.goto(`${s.origin}/s/${'0'.repeat(40)}?lang=en-XA`);
    await expectVisible(page.locator('.pay-result-bad'));
    await checkPseudo(page, 'unknown sticker');
    await expectText(page.getByRole('status'), '[');
  });

  /** A basket of ad-hoc lines (names are data, like the merchant's): 2 × 4.50 + 3.25 = 12.25. */
  const BASKET = {
    line_items: [
      { name: 'Flat white', unit_price: 450, quantity: 2, tax_rate: 0 },
      { name: 'Croissant', unit_price: 325, quantity: 1, tax_rate: 0 },
    ],
  };

  /**
   * Right to left, as ar-XB must be: `<html dir="rtl">`, every visible element computed `rtl`
   * (but the fields written left to right on purpose: card, e-mail, amount), and every visible
   * word mirrored pseudo text (inside U+202E … U+202C) once the data are taken out.
   */
  const notRtl = (page: Page) =>
    page.evaluate(
      ({ data }) => {
        const bad: string[] = [];
        const html = document.documentElement;
        if (html.dir !== 'rtl') bad.push(`<html dir="${html.dir}">`);
        for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
          if (el.closest('[dir="ltr"], svg, option, script, style')) continue;
          if (!el.checkVisibility()) continue;
          if (getComputedStyle(el).direction !== 'rtl') bad.push(`ltr: ${el.outerHTML.slice(0, 80)}`);
        }
        const strip = (text: string) =>
          [
            ...data.map((d) => new RegExp(d, 'g')),
            /\u202E[^\u202C]*\u202C/g, // mirrored pseudo text
            /[\d\u0660-\u0669\s.,\u066b\u066c\u00a0\u202f\u200e\u200f\u061c+−-]*[€$][\d\u0660-\u0669\s.,\u066b\u066c\u00a0\u202f\u200e\u200f\u061c]*/g,
            /[\w.+-]+@[\w.-]+\.\w+/g,
            /\bEUR\b/g,
            /Scanline/g,
          ].reduce((t, d) => t.replace(d, ''), text);
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const el = walker.currentNode.parentElement;
          if (!el || el.closest('select, script, style, [aria-hidden="true"]')) continue;
          if (!el.checkVisibility()) continue;
          if (/\p{L}/u.test(strip(walker.currentNode.textContent ?? '')))
            bad.push(`text: ${walker.currentNode.textContent}`);
        }
        for (const el of document.querySelectorAll('[placeholder], [aria-label]')) {
          if (el.closest('select')) continue;
          for (const attr of ['placeholder', 'aria-label']) {
            const value = el.getAttribute(attr);
            if (value !== null && /\p{L}/u.test(strip(value))) bad.push(`${attr}: ${value}`);
          }
        }
        return bad;
      },
      { data: [MERCHANT, TERMINAL, ...BASKET.line_items.map((l) => l.name)] },
    );

  /** Where things sit, mirrored: what starts a line starts at the right. */
  const notMirrored = (page: Page) =>
    page.evaluate(() => {
      const bad: string[] = [];
      const box = (el: Element | null) => el?.getBoundingClientRect();
      const visible = (sel: string) =>
        [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => el.checkVisibility());
      // The language menu: its label before (to the right of) the select.
      const label = box(document.querySelector('.pay-language label'));
      const select = box(document.querySelector('.pay-language select'));
      if (label && select && !(label.left >= select.right - 1))
        bad.push('language label not right of its menu');
      // The primary button's inline-start edge on the right: flush with its form's right edge.
      for (const button of visible('.pay-form .pay-button')) {
        const b = box(button)!;
        const form = box(button.closest('form'))!;
        if (Math.abs(b.right - form.right) > 1) bad.push(`button not at the right: ${button.textContent}`);
      }
      // A field's label starts at the field's right edge.
      for (const field of visible('.pay-field')) {
        const l = box(field.querySelector('label'))!;
        if (Math.abs(l.right - box(field)!.right) > 1)
          bad.push(`label not at the right: ${field.textContent}`);
      }
      // The tips run from right to left.
      const tips = visible('.pay-tip').map((el) => box(el)!);
      if (tips.length > 1 && !(tips[0]!.left > tips[1]!.left)) bad.push('tips run left to right');
      // A basket line: its name on the right, its amount on the left.
      for (const line of visible('.pay-line')) {
        const name = box(line.querySelector('.pay-line-name'))!;
        const total = box(line.querySelector('.pay-line-total'))!;
        if (!(name.left > total.left)) bad.push(`line not mirrored: ${line.textContent}`);
      }
      return bad;
    });

  async function checkRtl(page: Page, step: string) {
    expect(await notRtl(page), step).toEqual([]);
    expect(await notMirrored(page), step).toEqual([]);
    expect(await sideways(page), `${step}: scrolls sideways at 390 px`).toBe(false);
  }

  it('walks the page in ar-XB: all of it right to left and mirrored, the card fields left to right', async () => {
    const payPath = await charge(BASKET);
    const page = await phone({ locale: 'en-US' });
    await page.goto(`${s.origin}${payPath}?lang=ar-XB`);
    await expectVisible(page.locator('.pay-tips'));
    expect(await htmlLang(page)).toBe('ar-XB');
    // The basket's lines are shown (the toggle opens them on a phone).
    await page.locator('.pay-lines-toggle').click();
    await expectVisible(page.getByTestId('pay-line').first());
    await checkRtl(page, 'form');
    // Card numbers are typed and read left to right, inside the right-to-left page.
    expect(await page.locator('#card-number').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    await page.locator('.pay-tip').nth(2).click();
    await expectVisible(page.getByTestId('pay-tip-line'));
    await checkRtl(page, 'tip chosen');
    await page.locator('form.pay-form button[type=submit]').click();
    await expectVisible(page.locator('#card-number-error'));
    await checkRtl(page, 'card errors');
    await fillCard(page, '4000 0000 0000 0002');
    await expectVisible(page.getByTestId('pay-declined'));
    await checkRtl(page, 'declined');
    await fillCard(page, '4242 4242 4242 4242');
    await expectVisible(page.locator('.pay-result-good'));
    await checkRtl(page, 'paid');
    await page.locator('#receipt-email').fill('not-an-address');
    await page.locator('.pay-receipt button[type=submit]').click();
    await expectVisible(page.locator('#receipt-email-error'));
    await checkRtl(page, 'receipt error');
  });

  it('walks the sticker page in ar-XB, right to left, with its range error', async () => {
    const page = await phone();
    await page.goto(`${s.origin}${stickerPath}?lang=ar-XB`);
    await expectVisible(page.locator('#sticker-amount'));
    expect(await htmlLang(page)).toBe('ar-XB');
    await checkRtl(page, 'sticker');
    // An Arabic keyboard types Arabic-Indic digits and the Arabic decimal sign: read as 0.10.
    await page.locator('#sticker-amount').fill('٠٫١٠');
    expect(await page.locator('#sticker-amount').inputValue()).toBe('0.10');
    await page.locator('form.pay-form button[type=submit]').click();
    await expectVisible(page.locator('#sticker-amount-error'));
    await checkRtl(page, 'sticker range error');
    if (process.env.SAVE_SCREENSHOTS)
      await page.screenshot({ path: path.join(images, 'pay-ar-XB.png'), fullPage: true });
    // The checks themselves: the same page laid out left to right fails both.
    await page.evaluate(() => {
      document.documentElement.dir = 'ltr';
    });
    expect(await notRtl(page)).toContain('<html dir="ltr">');
    expect(await notMirrored(page)).not.toEqual([]);
  });

  it('shows the pay page in Arabic (right to left) and Japanese from the browser language', async () => {
    for (const { locale, lang, footer, button } of [
      { locale: 'ar-EG', lang: 'ar', footer: 'مزوّد الدفع', button: /^دفع / },
      { locale: 'ja-JP', lang: 'ja', footer: '決済代行会社', button: /を支払う$/ },
    ]) {
      const payPath = await charge(BASKET);
      const page = await phone({ locale });
      await page.goto(`${s.origin}${payPath}`);
      await expectText(page.locator('.pay-footer'), footer);
      expect(await htmlLang(page)).toBe(lang);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await expectVisible(page.getByRole('button', { name: button }));
      await page.locator('.pay-lines-toggle').click();
      await expectVisible(page.getByTestId('pay-line').first());
      await page.locator('.pay-tip').nth(1).click();
      await expectVisible(page.getByTestId('pay-tip-line'));
      if (lang === 'ar') expect(await notMirrored(page)).toEqual([]);
      expect(await sideways(page), `${lang}: scrolls sideways at 390 px`).toBe(false);
      if (process.env.SAVE_SCREENSHOTS)
        await page.screenshot({ path: path.join(images, `pay-${lang}.png`), fullPage: true });
    }
  });

  it('has no axe violations (WCAG 2.2 AA) in light and dark at 1280 and 390 px; no spinning for reduced motion', async () => {
    for (const width of [1280, 390])
      for (const dark of [false, true]) {
        const payPath = await charge(1875);
        const page = await phone({ width, dark, reducedMotion: true });
        await page.goto(`${s.origin}${payPath}`);
        await expectVisible(page.locator('.pay-tips'));
        const label = `${width} px ${dark ? 'dark' : 'light'}`;
        const form = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        expect(
          form.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.html).join(' ')}`),
        ).toEqual([]);
        // A declined card's message, then the paid result with the receipt offer.
        await fillCard(page, '4000 0000 0000 0002');
        await expectVisible(page.getByTestId('pay-declined'));
        const declined = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        expect(declined.violations.map((v) => `${label} declined: ${v.id}`)).toEqual([]);
        if (width === 390 && !dark) {
          await fillCard(page, '4242 4242 4242 4242');
          await expectVisible(page.locator('.pay-receipt'));
          const paid = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
          expect(paid.violations.map((v) => `${label} paid: ${v.id}`)).toEqual([]);
        }
        // prefers-reduced-motion: the spinner stands still.
        const animation = await page.evaluate(() => {
          const spinner = document.createElement('span');
          spinner.className = 'pay-spinner';
          document.body.append(spinner);
          return getComputedStyle(spinner).animationName;
        });
        expect(animation).toBe('none');
      }
  });
});
