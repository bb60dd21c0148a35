import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { type SmtpPeer, startSmtpPeer } from '../apps/server/src/test/smtp-peer';
import { freshSession } from '../apps/server/src/test/tokens';
import { type BuiltServer, type BuiltServerOptions, startBuiltServer } from './built-server';

// Debian's Chromium; never a downloaded browser. These flags keep it off the closed network.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface Stack {
  t: BuiltServer;
  smtp: SmtpPeer;
  browser: Browser;
  origin: string;
  context(opts?: {
    width?: number;
    height?: number;
    dark?: boolean;
    /** The browser's own zone (Playwright's `timezoneId`); the machine's when left out. */
    timezoneId?: string;
    /** The browser's language and region (Playwright's `locale`, `navigator.language`). */
    locale?: string;
  }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * The built server as `npm start` runs it (its own process, fresh PostgreSQL database, built
 * console) with a real SMTP peer, and Chromium.
 */
export async function startStack(opts: BuiltServerOptions = {}): Promise<Stack> {
  const smtp = await startSmtpPeer();
  const t = await startBuiltServer({ ...opts, env: { SMTP_URL: smtp.url, ...opts.env } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    t,
    smtp,
    browser,
    origin: t.origin,
    async context({ width = 1280, height = 800, dark = false, timezoneId, locale } = {}) {
      const c = await browser.newContext({
        viewport: { width, height },
        colorScheme: dark ? 'dark' : 'light',
        ...(timezoneId ? { timezoneId, locale: 'en-US' } : {}),
        ...(locale ? { locale } : {}),
      });
      contexts.push(c);
      return c;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await t.close();
      await smtp.close();
    },
  };
}

let n = 0;
export const newEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${n++}@example.test`;

/** Signs up through the console's own register screen; returns when the dashboard shows. */
export async function registerThroughUi(
  page: Page,
  origin: string,
  email: string,
  password = 'correct horse 1',
) {
  await page.goto(`${origin}/register`);
  await page.fill('#register-name', 'Test Person');
  await page.fill('#register-email', email);
  await page.fill('#register-password', password);
  // Only when the operator set TERMS_URL or PRIVACY_URL.
  if (await page.locator('label[for=register-terms]').count()) await page.click('label[for=register-terms]');
  await page.click('button[type=submit]');
  await page.waitForURL('**/u/dashboard');
}

export async function signInThroughUi(page: Page, email: string, password = 'correct horse 1') {
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.click('button[type=submit]');
}

export const actionLink = (links: string[]) => links.find((l) => l.includes('/auth/action')) ?? '';

/** Waits until the locator's text matches (Playwright's web-first assertions without its runner). */
export async function expectText(locator: Locator, expected: string | RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  for (;;) {
    last = await locator
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => null);
    if (last !== null && (typeof expected === 'string' ? last.includes(expected) : expected.test(last)))
      return;
    if (Date.now() > deadline)
      throw new Error(`expected text ${String(expected)}, last saw ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const expectVisible = (locator: Locator, timeout = 10_000) =>
  locator.first().waitFor({ state: 'visible', timeout });
export const expectGone = (locator: Locator, timeout = 10_000) =>
  locator.first().waitFor({ state: 'hidden', timeout });

/**
 * A person signed up through the console, with a business and a project made through the API
 * (the workspace test covers those screens): `post` calls any API path as them, or with other
 * headers (`{}` for the public ones).
 */
export async function signedUpWithProject(
  s: Stack,
  page: Page,
  opts: { tag: string; country?: string; currency?: string; timeZone?: string },
) {
  const email = newEmail(opts.tag);
  await registerThroughUi(page, s.origin, email);
  const user = await findUserByEmail(s.t.ctx.database.db, email);
  const auth = await freshSession(s.t.ctx, user!);
  const post = async (url: string, payload: unknown, headers: Record<string, string> = auth) => {
    const res = await s.t.app.inject({ method: 'POST', url, headers, payload: payload as never });
    if (res.statusCode >= 400) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const currency = opts.currency ?? 'USD';
  const business = await post('/api/v1/businesses', {
    name: 'Acme Coffee',
    country: opts.country ?? 'US',
    default_currency: currency,
  });
  const project = (await post('/api/v1/projects', {
    name: 'Downtown store',
    business_id: business.id,
    time_zone: opts.timeZone ?? 'UTC',
    currency,
  })) as { id: string };
  return { email, auth, post, business, project };
}

type Post = Awaited<ReturnType<typeof signedUpWithProject>>['post'];

/**
 * A real payment through the public APIs: a virtual terminal paired with a code, a checkout
 * from its device token, then the shopper's scan and Stripe's test Visa on the mobile API.
 */
export async function payThroughApis(post: Post, projectId: string, idempotencyKey: string) {
  const terminals = `/terminal/v1/projects/${projectId}/terminals`;
  const terminal = await post(terminals, { label: 'Front counter', kind: 'virtual' });
  const { code } = await post(`${terminals}/${terminal.id}/pairing-codes`, {});
  const { device_token } = await post('/terminal/v1/pair', { code }, {});
  const txn = await post(
    '/terminal/v1/transactions',
    { amount: 1250, currency: 'USD' },
    { authorization: `Bearer ${device_token}`, 'idempotency-key': idempotencyKey },
  );
  const scan = await post('/mobile/v1/scans', { token: String(txn.payment_url).split('/').pop() }, {});
  const paid = await post(`/mobile/v1/scans/${scan.id}/payments`, { payment_method: 'pm_card_visa' }, {});
  return { terminal, txn, paid };
}
