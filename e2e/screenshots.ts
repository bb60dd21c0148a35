// `npm run screenshots`: every screen, light and dark, 1280 and 390 px wide, into ./screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { memberships } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/domain/demo/seed-demo';
import { recordEvent } from '../apps/server/src/domain/events/record-event';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession, signedInUser } from '../apps/server/src/test/tokens';
import { startReceiver } from '../apps/server/src/test/webhook-receiver';
import { newEmail, registerThroughUi, startStack } from './support';

const out = path.resolve('screenshots');
fs.mkdirSync(out, { recursive: true });
// Webhook screens show deliveries to a local receiver, so the stack allows loopback.
const stack = await startStack({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
const receiver = await startReceiver();
/** `SCREENS=dashboard,webhooks` limits a run to the screens whose path contains one of the words. */
const only = process.env.SCREENS?.split(',');
const email = newEmail('shots');
const signedOut = ['/login', '/register', '/forgot-password', '/auth/action', '/error'];
const signedIn = (prj: string, hook = { webhook: 'whk_demo', delivery: 'dlv_demo', event: 'evt_demo' }) => [
  '/u/dashboard',
  '/u/profile',
  '/u/settings',
  '/u/settings/security',
  '/u/businesses',
  '/p',
  `/p/${prj}/dashboard`,
  `/p/${prj}/scans`,
  `/p/${prj}/transactions`,
  `/p/${prj}/terminals`,
  ...(payments
    ? [
        `/p/${prj}/terminals/${payments.terminalId}`,
        `/p/${prj}/terminals/${payments.terminalId}/sticker`,
        `/p/${prj}/transactions/${payments.transactionId}`,
        `/p/${prj}/transactions/${payments.cashTransactionId}`,
        `/p/${prj}/closes/${payments.closeId}`,
      ]
    : []),
  `/p/${prj}/catalog`,
  `/p/${prj}/members`,
  `/p/${prj}/admins`,
  `/p/${prj}/api-keys`,
  `/p/${prj}/settings`,
  `/p/${prj}/webhooks`,
  `/p/${prj}/webhooks/${hook.webhook}`,
  `/p/${prj}/webhooks/${hook.webhook}/deliveries/${hook.delivery}`,
  `/p/${prj}/events`,
  `/p/${prj}/events/${hook.event}`,
];
/** What the payment screens show, made through the three APIs. */
interface SeededPayments {
  terminalId: string;
  transactionId: string;
  /** A device token and its terminal, for the web terminal's screenshots. */
  device: { token: string; terminal: unknown };
  pendingToken: string;
  paidToken: string;
  /** The sticker page, a receipt, and a checkout pushed to the kiosk by a register. */
  stickerUrl: string;
  receiptUrl: string;
  push: () => Promise<{ id: string; token: string }>;
  /** A checkout paid in cash with change, and a close that counted the drawer (a variance). */
  cashTransactionId: string;
  closeId: string;
}
let payments: SeededPayments | null = null;

async function seedPayments(projectId: string, auth: Record<string, string>): Promise<SeededPayments> {
  const t = stack.t;
  const call = async (method: string, url: string, payload?: unknown, headers = auth) => {
    const res = await t.app.inject({ method: method as 'POST', url, headers, payload: payload as never });
    if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const terminals = `/terminal/v1/projects/${projectId}/terminals`;
  const pairNew = async (body: object) => {
    const terminal = await call('POST', terminals, body);
    const { code } = await call('POST', `${terminals}/${terminal.id}/pairing-codes`);
    const paired = await call(
      'POST',
      '/terminal/v1/pair',
      { code, device: { model: 'iPad (10th gen)', app_version: 'web-1.0' } },
      {},
    );
    const device = { authorization: `Bearer ${paired.device_token}` };
    await call(
      'POST',
      '/terminal/v1/heartbeat',
      { app_version: 'web-1.0', battery: 82, network: 'wifi' },
      device,
    );
    return { terminal: paired.terminal, token: paired.device_token as string, device };
  };
  const front = await pairNew({ label: 'Front counter', kind: 'virtual', location: 'Main door' });
  const kiosk = await pairNew({ label: 'Screenshot tablet', kind: 'virtual', location: 'Terrace' });
  await call('POST', terminals, { label: 'Back office reader', kind: 'physical', serial: 'WPE-221-0093' });
  const old = await call('POST', terminals, { label: 'Old reader', kind: 'physical', location: 'Storage' });
  await call('POST', `${terminals}/${old.id}/disable`);
  let n = 0;
  const charge = async (amount: number, pm: string | null) => {
    const txn = await call(
      'POST',
      '/terminal/v1/transactions',
      { amount, currency: 'USD', reference: `order ${1040 + n}` },
      {
        ...front.device,
        'idempotency-key': `shots-${n++}`,
      },
    );
    const token = String(txn.payment_url).split('/').pop() as string;
    if (pm) {
      const scan = await call(
        'POST',
        '/mobile/v1/scans',
        { token },
        { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' },
      );
      await call('POST', `/mobile/v1/scans/${scan.id}/payments`, { payment_method: pm }, {});
    }
    return { id: txn.id as string, token };
  };
  const paid = await charge(1250, 'pm_card_visa');
  await charge(4380, 'pm_card_mastercard');
  await charge(990, 'pm_card_chargeDeclined');
  const refunded = await charge(2599, 'pm_card_visa');
  await call('POST', `/api/v1/projects/${projectId}/transactions/${refunded.id}/refunds`, {
    amount: 600,
    reason: 'requested_by_customer',
  });
  const pending = await charge(1875, null);
  // Cash: a drawer opened with a float, a checkout paid with a 20, the day closed with the
  // drawer counted 0.50 short.
  await call('POST', '/terminal/v1/drawer/open', { float: 10000 }, front.device);
  const cash = await call(
    'POST',
    '/terminal/v1/transactions',
    { amount: 1640, currency: 'USD', reference: 'Table 4' },
    { ...front.device, 'idempotency-key': `shots-${n++}` },
  );
  await call(
    'POST',
    `/terminal/v1/transactions/${cash.id}/tenders`,
    { method: 'cash', amount: 1640, cash_given: 2000 },
    { ...front.device, 'idempotency-key': `shots-${n++}` },
  );
  const close = await call('POST', `${terminals}/${front.terminal.id}/closes`, { counted_cash: 11590 });
  for (const item of [
    { name: 'Flat white', category: 'Coffee', price: 380, tax_rate: 7, sku: 'COF-FW' },
    {
      name: 'Cappuccino',
      category: 'Coffee',
      price: null,
      variants: [
        { name: 'Small', price: 340 },
        { name: 'Large', price: 420 },
      ],
    },
    { name: 'Croissant', category: 'Bakery', price: 260, sku: 'BAK-CR' },
  ])
    await call('POST', `/api/v1/projects/${projectId}/items`, item);
  const fleet = await call('GET', `${terminals}/${front.terminal.id}`);
  const paidDetail = await call('GET', `/api/v1/projects/${projectId}/transactions/${paid.id}`);
  const push = async () => {
    const txn = await call(
      'POST',
      '/terminal/v1/transactions',
      { amount: 2475, terminal_id: kiosk.terminal.id, reference: 'Basket 1042' },
      { ...auth, 'idempotency-key': `shots-push-${n++}` },
    );
    return { id: txn.id as string, token: String(txn.payment_url).split('/').pop() as string };
  };
  return {
    terminalId: front.terminal.id,
    transactionId: refunded.id,
    device: { token: kiosk.token, terminal: kiosk.terminal },
    pendingToken: pending.token,
    paidToken: paid.token,
    stickerUrl: fleet.sticker_url,
    receiptUrl: paidDetail.receipt_url,
    push,
    cashTransactionId: cash.id,
    closeId: close.id,
  };
}

/** The web terminal's keypad for a custom amount, from its item grid. */
async function typeCustomAmount(page: import('playwright-core').Page, keys: string[]) {
  await page.getByRole('button', { name: 'Custom amount', exact: true }).click();
  for (const key of keys) await page.getByRole('button', { name: key, exact: true }).click();
}

/** The public pages, signed out: the web terminal (pairing, keypad, QR code) and the shopper page. */
async function publicShots(context: import('playwright-core').BrowserContext, name: (p: string) => string) {
  const page = await context.newPage();
  await page.goto(`${stack.origin}/terminal`);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, name('/terminal-pair')), fullPage: true });
  if (!payments) return page.close();
  await page.evaluate(
    (d) => localStorage.setItem('scanline.terminal.device', JSON.stringify(d)),
    payments.device,
  );
  await page.goto(`${stack.origin}/terminal`);
  // The project sells from its catalogue: the grid, then an amount typed as a custom line.
  await page.getByTestId('item-grid').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-items')), fullPage: true });
  await typeCustomAmount(page, ['4', '2', '5', '0']);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-keypad')), fullPage: true });
  await page.getByRole('button', { name: /^Add/ }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-basket')), fullPage: true });
  await page.getByRole('button', { name: /^Charge/ }).click();
  await page.locator('[data-testid=payment-qr] svg').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, name('/terminal-qr')), fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('was canceled').waitFor();
  await page.screenshot({ path: path.join(out, name('/terminal-canceled')), fullPage: true });
  // A register pushes a checkout; the shopper's first card is declined.
  const pushed = await payments.push();
  await page.locator('[data-testid=payment-qr] svg').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-pushed')), fullPage: true });
  const scan = await stack.t.app.inject({
    method: 'POST',
    url: '/mobile/v1/scans',
    payload: { token: pushed.token },
  });
  await stack.t.app.inject({
    method: 'POST',
    url: `/mobile/v1/scans/${scan.json().id}/payments`,
    payload: { payment_method: 'pm_card_chargeDeclined' },
  });
  await page.locator('[data-status=declined]').waitFor();
  await page.screenshot({ path: path.join(out, name('/terminal-declined')), fullPage: true });
  await page.goto(`${stack.origin}/pay/${pushed.token}`);
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, name('/pay-declined')), fullPage: true });
  await stack.t.app.inject({
    method: 'POST',
    url: `/terminal/v1/transactions/${pushed.id}/cancel`,
    headers: {
      authorization: `Bearer ${payments.device.token}`,
    },
  });
  // Cash: the drawer screen (opened with a float on the first run), a cash tender with its change,
  // and the close's count of the drawer (left unconfirmed, so the next run finds the drawer open).
  await page.goto(`${stack.origin}/terminal`);
  await page.getByRole('button', { name: 'Drawer', exact: true }).click();
  await page.getByTestId('drawer-status').waitFor();
  if ((await page.getByTestId('drawer-status').getAttribute('data-status')) === 'closed') {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, name('/terminal-drawer-closed')), fullPage: true });
    for (const key of ['1', '0', '0', '0', '0'])
      await page.getByRole('button', { name: key, exact: true }).click();
    await page.getByRole('button', { name: /^Open the drawer with/ }).click();
    await page.getByTestId('drawer-expected').waitFor();
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-drawer')), fullPage: true });
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByTestId('item-grid').waitFor();
  await typeCustomAmount(page, ['1', '2', '5', '0']);
  await page.getByRole('button', { name: /^Add/ }).click();
  await page.getByRole('button', { name: /^Charge/ }).click();
  await page.getByTestId('method-cash').click();
  await page.getByRole('button', { name: '$20.00', exact: true }).click();
  await page.getByTestId('cash-change').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-cash')), fullPage: true });
  await page.getByRole('button', { name: /in cash$/ }).click();
  await page.getByTestId('payment-result-change').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-cash-paid')), fullPage: true });
  await page.getByRole('button', { name: 'New payment' }).click();
  await page.getByRole('button', { name: 'Close the day' }).click();
  await page.getByTestId('cash-count').waitFor();
  await page.getByTestId('count-2000').fill('5');
  await page.getByTestId('count-1000').fill('1');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, name('/terminal-close-count')), fullPage: true });
  for (const [label, url] of [
    ['/sticker', payments.stickerUrl],
    ['/receipt', payments.receiptUrl],
  ] as const) {
    await page.goto(url);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, name(label)), fullPage: true });
  }
  for (const [label, token] of [
    ['/pay-form', payments.pendingToken],
    ['/pay-paid', payments.paidToken],
    ['/pay-unknown', 'not-a-real-token'],
  ] as const) {
    await page.goto(`${stack.origin}/pay/${token}`);
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(out, name(label)), fullPage: true });
  }
  await page.close();
}

/** A business, a project, a teammate, an invitation and an API key, made through the API. */
async function seedWorkspace(): Promise<string> {
  const t = stack.t;
  const owner = await findUserByEmail(t.ctx.database.db, email);
  const auth = await freshSession(t.ctx, owner!);
  const call = async (method: string, url: string, payload?: unknown) =>
    (
      await t.app.inject({
        method: method as 'POST',
        url: `/api/v1${url}`,
        headers: auth,
        payload: payload as never,
      })
    ).json();
  const business = await call('POST', '/businesses', {
    name: 'Acme Coffee',
    legal_name: 'Acme Coffee LLC',
    country: 'US',
    default_currency: 'USD',
  });
  const project = await call('POST', '/projects', {
    name: 'Downtown store',
    business_id: business.id,
    time_zone: 'America/New_York',
    currency: 'USD',
  });
  const mate = await signedInUser(t.ctx, { displayName: 'Adam Admin' });
  await t.ctx.database.db.insert(memberships).values({
    projectId: project.id,
    uid: mate.user.uid,
    email: mate.user.email,
    role: 'admin',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await call('POST', `/projects/${project.id}/invitations`, {
    emails: ['new.hire@example.test'],
    role: 'member',
  });
  await call('POST', `/projects/${project.id}/api-keys`, { name: 'Back office', mode: 'write' });
  try {
    payments = await seedPayments(project.id, auth as Record<string, string>);
  } catch (error) {
    // Before the payment APIs exist the payment screens show their empty states.
    console.warn(`payment data not seeded: ${(error as Error).message}`);
  }
  // Payment history for the dashboard.
  await seedDemo(t.ctx.database.db, project.id, {
    terminals: 5,
    days: 60,
    transactions: 8000,
    now: new Date(),
    createdBy: owner!.uid,
  });
  hook = await seedWebhooks(project.id, call);
  return project.id;
}

/** Two endpoints (one healthy, one failing), a few events, and their deliveries. */
async function seedWebhooks(
  prj: string,
  call: (method: string, url: string, payload?: unknown) => Promise<Record<string, string>>,
) {
  let n = 0;
  receiver.respond = () => ({
    status: ++n % 5 === 0 ? 500 : 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ received: true, n }),
  });
  const ok = await call('POST', `/projects/${prj}/webhooks`, {
    url: receiver.url,
    description: 'Order system',
  });
  await call('POST', `/projects/${prj}/webhooks`, {
    url: `http://127.0.0.1:${receiver.port}/legacy`,
    description: 'Legacy bookkeeping',
    event_types: ['transaction.succeeded', 'transaction.refunded'],
    enabled: false,
  });
  const db = stack.t.ctx.database.db;
  const types = [
    'transaction.created',
    'transaction.succeeded',
    'member.added',
    'transaction.refunded',
  ] as const;
  for (let i = 0; i < 8; i++) {
    await db.transaction((tx) =>
      recordEvent(tx, {
        projectId: prj,
        type: types[i % types.length]!,
        objectId: `txn_demo${i}`,
        data: { id: `txn_demo${i}`, amount: 1250 + i * 100, currency: 'USD', status: 'succeeded' },
        now: new Date(),
      }),
    );
  }
  const test = await call('POST', `/projects/${prj}/webhooks/${ok.id}/test`);
  // The server's own dispatcher delivers it within its poll interval (a second).
  await new Promise((r) => setTimeout(r, 2500));
  return { webhook: ok.id as string, delivery: test.delivery_id as string, event: test.event_id as string };
}
let hook = { webhook: 'whk_demo', delivery: 'dlv_demo', event: 'evt_demo' };

let projectId = 'prj_demo';
try {
  let registered = false;
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const context = await stack.context({ width, height: width > 500 ? 800 : 844, dark });
      const page = await context.newPage();
      const name = (p: string) =>
        `${p.replace(/\//g, '_').replace(/^_/, '') || 'root'}-${dark ? 'dark' : 'light'}-${width}.png`;
      for (const p of signedOut.filter((x) => !only || only.some((w) => x.includes(w)))) {
        await page.goto(`${stack.origin}${p}`);
        await page.waitForTimeout(600);
        await page.screenshot({ path: path.join(out, name(p)), fullPage: true });
      }
      if (!registered) {
        await registerThroughUi(page, stack.origin, email);
        registered = true;
        projectId = await seedWorkspace();
      } else {
        await page.goto(`${stack.origin}/login`);
        await page.fill('#login-email', email);
        await page.fill('#login-password', 'correct horse 1');
        await page.click('button[type=submit]');
        await page.waitForURL('**/u/dashboard');
      }
      for (const p of signedIn(projectId, hook).filter((x) => !only || only.some((w) => x.includes(w)))) {
        await page.goto(`${stack.origin}${p}`);
        // Charts animate for a second after their data arrives.
        await page.waitForTimeout(p.endsWith('/dashboard') ? 2500 : 700);
        await page.screenshot({ path: path.join(out, name(p)), fullPage: true });
      }
      await context.close();
      const publicContext = await stack.context({ width, height: width > 500 ? 800 : 844, dark });
      await publicShots(publicContext, name);
      await publicContext.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.close();
  await receiver.close();
}
