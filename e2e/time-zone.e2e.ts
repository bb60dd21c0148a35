import { formatDateTime } from '@scanline/contracts/date-time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payThroughApis, type Stack, signedUpWithProject, startStack } from './support';

/**
 * Every project page, opened directly (an email link, a reload), shows times in
 * the project's zone, not the browser's, even when its rows arrive before the project does.
 * The browser sits in New York, the project in Auckland (18 hours apart, so a wrong zone
 * shows another hour and mostly another day).
 */
const PROJECT_ZONE = 'Pacific/Auckland';
const BROWSER_ZONE = 'America/New_York';
const inZone = (at: string, timeZone: string) => formatDateTime(at, { timeZone, locale: 'en-US' });

describe("times in the project's zone on pages opened directly (Chromium)", () => {
  let s: Stack;
  let page: Page;
  const pages: { path: string; at: string[] }[] = [];

  beforeAll(async () => {
    s = await startStack();
    page = await (await s.context({ timezoneId: BROWSER_ZONE })).newPage();
    const { auth, post, project } = await signedUpWithProject(s, page, {
      tag: 'zone',
      timeZone: PROJECT_ZONE,
    });
    const id = project.id;
    const api = `/api/v1/projects/${id}`;
    const get = async (url: string) => (await s.t.app.inject({ url, headers: auth })).json();
    const { terminal, txn } = await payThroughApis(post, id, 'zone-1');
    const refund = await post(`${api}/transactions/${txn.id}/refunds`, {
      amount: 500,
      reason: 'requested_by_customer',
    });
    const key = await post(`${api}/api-keys`, { name: 'Back office', mode: 'read' });
    const webhook = await post(`${api}/webhooks`, { url: 'https://hooks.example.com/scanline' });
    const sent = await post(`${api}/webhooks/${webhook.id}/test`, {});
    const detail = await get(`${api}/transactions/${txn.id}`);
    const paired = await get(`/terminal/v1/projects/${id}/terminals/${terminal.id}`);
    const [scan] = (await get(`${api}/scans?limit=1`)).data;
    const delivery = await get(`${api}/webhooks/${webhook.id}/deliveries/${sent.delivery_id}`);
    const event = await get(`${api}/events/${sent.event_id}`);
    const [audit] = (await get(`${api}/audit?limit=1`)).data;
    const p = `/p/${id}`;
    pages.push(
      { path: `${p}/transactions`, at: [detail.created_at] },
      // The refund line and the timeline (the refund line kept UTC).
      { path: `${p}/transactions/${txn.id}`, at: [detail.created_at, refund.created_at] },
      // Last seen reads "2 min ago" with the time on hover.
      { path: `${p}/terminals`, at: [paired.last_seen_at] },
      { path: `${p}/terminals/${terminal.id}`, at: [paired.created_at, paired.paired_at] },
      { path: `${p}/scans`, at: [scan.created_at] },
      { path: `${p}/events`, at: [event.created_at] },
      { path: `${p}/events/${event.id}`, at: [event.created_at] },
      { path: `${p}/webhooks/${webhook.id}`, at: [delivery.created_at] },
      { path: `${p}/webhooks/${webhook.id}/deliveries/${delivery.id}`, at: [delivery.created_at] },
      { path: `${p}/api-keys`, at: [key.created_at] },
      { path: `${p}/settings`, at: [audit.created_at] },
    );
    // The project answers late, as on a slow link: the page's own rows are drawn first.
    await page.route(new RegExp(`/api/v1/projects/${id}$`), async (route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
  }, 120_000);
  afterAll(() => s.close());

  it('the browser really is elsewhere: the same instant reads differently in the two zones', () => {
    const at = pages[0]!.at[0]!;
    expect(inZone(at, PROJECT_ZONE)).not.toBe(inZone(at, BROWSER_ZONE));
  });

  it('shows Auckland times on every project page opened by its address', async () => {
    const wrong: string[] = [];
    for (const { path, at } of pages) {
      await page.goto(`${s.origin}${path}`);
      // The text and the times on hover.
      const shown = () =>
        page.evaluate(() => {
          const main = document.querySelector('main');
          const titles = Array.from(main?.querySelectorAll('[title]') ?? []).map((e) =>
            e.getAttribute('title'),
          );
          return `${main?.textContent ?? ''} ${titles.join(' ')}`;
        });
      // Wait for the page to have drawn every expected time, then for the project to have
      // answered, then check nothing is left in the browser's zone.
      const deadline = Date.now() + 10_000;
      let text = '';
      for (;;) {
        text = await shown().catch(() => '');
        const missing = at.filter((a) => !text.includes(inZone(a, PROJECT_ZONE)));
        if (missing.length === 0) break;
        if (Date.now() > deadline) {
          wrong.push(`${path}: no ${missing.map((a) => inZone(a, PROJECT_ZONE)).join(', ')}`);
          break;
        }
        await page.waitForTimeout(100);
      }
      await page.waitForTimeout(1800);
      text = await shown();
      for (const a of at)
        if (text.includes(inZone(a, BROWSER_ZONE)))
          wrong.push(`${path}: shows ${inZone(a, BROWSER_ZONE)} (the browser's zone)`);
      if (/times in America\/New_York/.test(text)) wrong.push(`${path}: says "times in ${BROWSER_ZONE}"`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
