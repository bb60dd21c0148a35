import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { Navigate, type RouteObject } from 'react-router';
import { runPayoutsNow } from '../apps/server/src/domain/books/run-payouts';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession } from '../apps/server/src/test/tokens';
import { expectVisible, newEmail, registerThroughUi, type Stack } from './support';

// A tour of every console route on a project with something on each screen: the axe
// walk (a11y-routes.e2e.ts) and the pseudo-locale walk (pseudo-locale.e2e.ts) go through it.

/**
 * The console's router (a .tsx module, loaded by Vitest's transform; the e2e typecheck has no JSX,
 * hence the dynamic import by name).
 */
const ROUTER = '../apps/web/src/app/router.tsx';

export async function loadRoutes(): Promise<RouteObject[]> {
  return ((await import(/* @vite-ignore */ ROUTER)) as { routes: RouteObject[] }).routes;
}

/** The screens seen signed out (patterns as the router names them). */
export const SIGNED_OUT = ['/login', '/register', '/forgot-password', '/auth/action', '/error', '/*'];

/** Every path pattern the console's router draws a screen for (redirect-only routes aside). */
export function routePatterns(list: RouteObject[], base = ''): string[] {
  const out: string[] = [];
  for (const r of list) {
    const path = r.index
      ? base
      : r.path
        ? r.path.startsWith('/')
          ? r.path
          : `${base.replace(/\/$/, '')}/${r.path}`
        : base;
    const redirect = (r.element as { type?: unknown } | undefined)?.type === Navigate;
    if ((r.path || r.index) && !r.children && !redirect) out.push(path);
    if (r.children) out.push(...routePatterns(r.children, path));
  }
  return out;
}

export interface ConsoleTour {
  routes: RouteObject[];
  /** The owner's address (password `correct horse 1`). */
  email: string;
  /** Route pattern → the path visited for it. */
  visit: Map<string, string>;
  /** A new pairing code for the tour's virtual terminal. */
  pairingCode: () => Promise<string>;
  /** Pays a payment link as the shopper's phone does. */
  pay: (paymentUrl: string) => Promise<void>;
}

/**
 * A signed-up owner with a demo project and, through the APIs, a webhook with a delivery and an
 * event, a paid terminal checkout, a close, a payout and a manager; every route's path to visit.
 */
export async function seedConsoleTour(s: Stack): Promise<ConsoleTour> {
  const routes = await loadRoutes();
  const visit = new Map<string, string>();
  const page = await (await s.context()).newPage();
  const email = newEmail('tour');
  await registerThroughUi(page, s.origin, email);
  await page.getByRole('button', { name: 'Create a demo project' }).click();
  await page.waitForURL(/\/p\/prj_[A-Za-z0-9]+\/dashboard/, { timeout: 60_000 });
  const projectId = /\/p\/(prj_[A-Za-z0-9]+)\//.exec(page.url())![1]!;
  await page.context().close();
  const db = s.t.ctx.database.db;
  // A verified address (no banner, and authenticators may be added).
  await db.execute(sql`update identity_users set email_verified = true where email = ${email}`);
  const user = await findUserByEmail(db, email);
  const auth = await freshSession(s.t.ctx, user!);
  const call = async (url: string, payload?: unknown, headers: Record<string, string> = auth) => {
    const res = await s.t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers,
      payload: payload as never,
    });
    if (res.statusCode >= 400) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const api = `/api/v1/projects/${projectId}`;
  const terminals = `/terminal/v1/projects/${projectId}/terminals`;
  const webhook = await call(`${api}/webhooks`, { url: 'https://hooks.example.com/orders' });
  const sent = await call(`${api}/webhooks/${webhook.id}/test`, {});
  // A succeeded one: the detail page's Refund dialog is walked too (the demo's newest payment
  // may have failed or been refunded, and then there is no Refund button).
  const [tx] = (await call(`${api}/transactions?limit=1&status[equals]=succeeded`)).data;
  const [terminal] = (await call(`${terminals}?limit=1`)).data;
  // A payment through the three APIs, for a payout.
  const counter = await call(terminals, { label: 'Counter tablet', kind: 'virtual' });
  const pairingCode = async (): Promise<string> =>
    (await call(`${terminals}/${counter.id}/pairing-codes`, {})).code;
  const pay = async (paymentUrl: string) => {
    const scan = await call('/mobile/v1/scans', { token: paymentUrl.split('/').pop() }, {});
    await call(`/mobile/v1/scans/${scan.id}/payments`, { payment_method: 'pm_card_visa' }, {});
  };
  const { device_token } = await call('/terminal/v1/pair', { code: await pairingCode() }, {});
  const txn = await call(
    '/terminal/v1/transactions',
    { amount: 1250 },
    { authorization: `Bearer ${device_token}`, 'idempotency-key': 'tour-payout' },
  );
  await pay(String(txn.payment_url));
  // A close of that terminal (a demo terminal's would list thousands of payments).
  const close = await call(`${terminals}/${counter.id}/closes`, {});
  // A manager, so the web terminal shows its lock screen and its recent payments.
  await call(`${api}/staff`, { name: 'Mo', pin: '9876', role: 'manager' });
  // A catalog with variants and a price typed at the counter.
  await call(`${api}/items`, {
    name: 'Flat white',
    category: 'Coffee',
    price: null,
    tax_rate: 7,
    variants: [
      { name: 'Small', price: 320 },
      { name: 'Large', price: 390 },
    ],
  });
  await call(`${api}/items`, { name: 'Soup of the day', category: 'Kitchen', price: null });
  const [payout] = (await runPayoutsNow(s.t.ctx, { projectId, asOf: '2099-12-31' })).payouts;

  const ids: Record<string, string> = {
    id: projectId,
    terminalId: terminal.id,
    transactionId: tx.id,
    closeId: close.id,
    payoutId: payout!.id,
    eventId: sent.event_id,
    webhookId: webhook.id,
    deliveryId: sent.delivery_id,
  };
  for (const pattern of routePatterns(routes)) {
    if (pattern === '/*') visit.set(pattern, '/no-such-page');
    else if (pattern === '/auth/action') visit.set(pattern, '/auth/action?mode=verifyEmail&oobCode=nope');
    else
      visit.set(
        pattern,
        pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? `:${name}`),
      );
  }
  return { routes, email, visit, pairingCode, pay };
}

/** Signs the tour's owner in on /login and waits for the dashboard. */
export async function signInOwner(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login`);
  await page.fill('#login-email', email);
  await page.fill('#login-password', 'correct horse 1');
  await page.click('button[type=submit]');
  await page.waitForURL('**/u/dashboard');
}

/** Drawn: a heading, no skeletons or spinners left. */
export async function settled(page: Page, route: string) {
  const drawn = 'h1:not([data-stale]), h2:not([data-stale]), [data-testid=sticker-sheet]:not([data-stale])';
  await expectVisible(page.locator(drawn), 15_000).catch((error) => {
    throw new Error(`${route}: no heading drawn (${(error as Error).message})`);
  });
  await page
    .locator('.p-skeleton, .p-progress-spinner, .p-datatable-loading-overlay')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(150);
}

/**
 * Opens a console route the way a link does (the router follows `popstate`), without loading
 * the app again: the walk takes half the time. What was on screen is marked stale first, so
 * `settled` waits for the new screen's heading.
 */
export async function navigate(page: Page, path: string) {
  // Already there (sign-in lands on the dashboard): the router would draw nothing new, and
  // headings marked stale would never come back.
  if ((await page.evaluate(() => `${location.pathname}${location.search}`)) === path) return;
  await page.evaluate((to) => {
    for (const el of document.querySelectorAll('h1, h2, [data-testid=sticker-sheet]'))
      el.setAttribute('data-stale', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 5000 });
}
