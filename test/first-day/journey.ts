import { deleteApp, initializeApp } from 'firebase/app';
import {
  applyActionCode,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  initializeAuth,
  inMemoryPersistence,
  sendEmailVerification,
} from 'firebase/auth';

/**
 * A café's first day, walked from outside the server through the clients a real one uses
 * (docs/develop/testing.md#as-a-user-runs-it): the unmodified firebase SDK signs up and verifies
 * by email, the main API sets up business, project and terminal, the terminal API pairs and
 * takes a checkout, the mobile API pays it with a tip, the receipt arrives by email in German
 * and renders in Portuguese, a close is made and exported to Xero, the CLI pays out and the
 * payout's Xero export adds up. Every figure is checked to the cent.
 */

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface Mailbox {
  waitForMail(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<Mail>;
}

export interface JourneyOptions {
  baseUrl: string;
  mailbox: Mailbox;
  /** Runs `npm run cli -- <args>` against the same installation; answers its output. */
  cli: (args: string[]) => Promise<string>;
  log?: (line: string) => void;
  /** Called between stages (the compose test kills a replica here). */
  afterStage?: (stage: string) => Promise<void>;
}

export interface JourneyResult {
  projectId: string;
  transactionId: string;
  receiptUrl: string;
  closeId: string;
  payoutId: string;
  stages: { name: string; ms: number }[];
}

const ORDER = 2475;
const TIP = 371;
const TOTAL = ORDER + TIP; // 28.46 EUR
const PASSWORD = 'first-Day-2026!';

class JourneyError extends Error {}

function fail(what: string, res: { status: number }, body: unknown): never {
  throw new JourneyError(`${what}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 600)}`);
}

/** Major-unit amounts in one CSV column, summed in minor units (no float drift). */
export function sumColumn(csv: string, column: string): number {
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = (rows.shift() ?? '').split(',');
  const at = header.indexOf(column);
  if (at < 0) throw new JourneyError(`no column ${column} in ${header.join(',')}`);
  return rows.reduce((sum, row) => {
    const cell = (row.split(',')[at] ?? '').replace(/"/g, '');
    return sum + Math.round(Number(cell) * 100);
  }, 0);
}

export async function runFirstDay(opts: JourneyOptions): Promise<JourneyResult> {
  const base = opts.baseUrl.replace(/\/$/, '');
  const log = opts.log ?? (() => {});
  const stages: { name: string; ms: number }[] = [];
  let stageStart = Date.now();
  const stage = async (name: string) => {
    stages.push({ name, ms: Date.now() - stageStart });
    log(`  ✓ ${name} (${Date.now() - stageStart} ms)`);
    await opts.afterStage?.(name);
    stageStart = Date.now();
  };

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    init: { token?: string; body?: unknown; headers?: Record<string, string>; expect?: number } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    const body = text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
    if (res.status !== (init.expect ?? (method === 'POST' ? 201 : 200))) fail(`${method} ${path}`, res, body);
    return body as T;
  }

  // 1. Sign up and verify, as the console does it: the firebase SDK against our identity service.
  const config = await call<{ firebase: { api_key: string; project_id: string; auth_domain: string } }>(
    'GET',
    '/config.json',
  );
  const app = initializeApp(
    {
      apiKey: config.firebase.api_key,
      projectId: config.firebase.project_id,
      authDomain: config.firebase.auth_domain,
    },
    `first-day-${Date.now()}`,
  );
  let idToken: string;
  const email = `lena-${Date.now().toString(36)}@cafe-berlin.example`;
  try {
    const auth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, base, { disableWarnings: true });
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await sendEmailVerification(user);
    const mail = await opts.mailbox.waitForMail(email, { timeoutMs: 15_000 });
    const link = mail.links.find((l) => l.includes('oobCode='));
    if (!link) throw new JourneyError(`verification mail has no link: ${mail.text}`);
    await applyActionCode(auth, new URL(link).searchParams.get('oobCode') ?? '');
    await user.reload();
    if (!user.emailVerified) throw new JourneyError('email not verified after applying the code');
    idToken = await user.getIdToken(true);
  } finally {
    await deleteApp(app);
  }
  await stage('signed up and verified through SMTP with the firebase SDK');

  // 2. Business, project (tips, 19 % VAT, payouts the next day) and a terminal.
  const business = await call<{ id: string }>('POST', '/api/v1/businesses', {
    token: idToken,
    body: {
      name: 'Café Lena',
      country: 'DE',
      default_currency: 'EUR',
      legal_name: 'Café Lena GmbH',
      support_email: email,
    },
  });
  const project = await call<{ id: string }>('POST', '/api/v1/projects', {
    token: idToken,
    body: { name: 'Kreuzberg', business_id: business.id, time_zone: 'Europe/Berlin', currency: 'EUR' },
  });
  await call('PATCH', `/api/v1/projects/${project.id}`, {
    token: idToken,
    body: {
      tipping: { enabled: true, allow_custom: true },
      tax_rate: 19,
      payout_delay_days: 0,
    },
  });
  const terminal = await call<{ id: string }>('POST', `/terminal/v1/projects/${project.id}/terminals`, {
    token: idToken,
    body: { label: 'Theke', kind: 'virtual' },
  });
  const { code } = await call<{ code: string }>(
    'POST',
    `/terminal/v1/projects/${project.id}/terminals/${terminal.id}/pairing-codes`,
    { token: idToken },
  );
  await stage('business, project and terminal made through the main API');

  // 3. The terminal pairs and takes a checkout; a retried request with the same key is the same one.
  const paired = await call<{ device_token: string }>('POST', '/terminal/v1/pair', {
    body: { code, device: { model: 'First-day tablet', app_version: '1.0.0' } },
  });
  const device = paired.device_token;
  const key = `first-day-${Date.now()}`;
  const checkout = await call<{ id: string; payment_url: string; amount: number }>(
    'POST',
    '/terminal/v1/transactions',
    { token: device, headers: { 'idempotency-key': key }, body: { amount: ORDER, reference: 'Tisch 4' } },
  );
  // The same Idempotency-Key answers the first response again, not a second checkout.
  const retried = await call<{ id: string }>('POST', '/terminal/v1/transactions', {
    token: device,
    headers: { 'idempotency-key': key },
    body: { amount: ORDER, reference: 'Tisch 4' },
  });
  if (retried.id !== checkout.id) throw new JourneyError('a retried checkout made a second transaction');
  await stage('terminal paired and checkout created (retry answered the same one)');

  // 4. The shopper pays on the phone with a tip and asks for the receipt by email, in German.
  const token = new URL(checkout.payment_url).pathname.split('/').pop();
  const shopper = { 'accept-language': 'de-DE,de;q=0.9' };
  const scan = await call<{ id: string }>('POST', '/mobile/v1/scans', { headers: shopper, body: { token } });
  const paid = await call<{ status: string; receipt_url: string }>(
    'POST',
    `/mobile/v1/scans/${scan.id}/payments`,
    { headers: shopper, body: { payment_method: 'pm_card_visa', tip_amount: TIP }, expect: 200 },
  );
  if (paid.status !== 'succeeded') throw new JourneyError(`payment ${paid.status}`);
  const shopperEmail = `gast-${Date.now().toString(36)}@example.test`;
  await fetch(`${base}/mobile/v1/scans/${scan.id}/receipt`, {
    method: 'POST',
    headers: { ...shopper, 'content-type': 'application/json' },
    body: JSON.stringify({ email: shopperEmail }),
  }).then(async (res) => {
    if (res.status >= 300) fail('email the receipt', res, await res.text());
  });
  const receipt = await opts.mailbox.waitForMail(shopperEmail, { timeoutMs: 15_000 });
  // German money: "28,46 €" — the total with the tip, as the receipt page shows it.
  if (!receipt.text.includes('28,46')) throw new JourneyError(`German receipt lacks 28,46:\n${receipt.text}`);
  if (!/Trinkgeld/.test(receipt.text))
    throw new JourneyError(`German receipt has no tip line:\n${receipt.text}`);
  await stage('paid with a tip on the mobile API; German receipt email shows 28,46 €');

  const page = await fetch(`${paid.receipt_url}?lang=pt`.replace(/^https?:\/\/[^/]+/, base));
  const html = await page.text();
  if (page.status !== 200) fail('receipt page', page, html);
  if (!html.includes('lang="pt"') || !html.includes('28,46'))
    throw new JourneyError('receipt page not in Portuguese');
  await stage('receipt page renders in Portuguese');

  // 5. The day's close from the terminal, exported for Xero: its rows add up to the day's takings.
  const close = await call<{ id: string; net?: number; totals?: unknown }>('POST', '/terminal/v1/closes', {
    token: device,
  });
  const closeXero = await call<string>(
    'GET',
    `/api/v1/projects/${project.id}/closes/${close.id}/export.csv?format=xero`,
    { token: idToken },
  );
  const closeSum = sumColumn(closeXero, '*Amount');
  if (closeSum !== TOTAL)
    throw new JourneyError(`close Xero export sums to ${closeSum}, not ${TOTAL}:\n${closeXero}`);
  await stage('close made on the terminal; its Xero export sums to 28.46');

  // 6. The operator's payout run, then the payout's Xero export adds up to the payout.
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const out = await opts.cli(['payouts', 'run', '--project', project.id, '--as-of', tomorrow]);
  log(`    cli: ${out.trim().split('\n').join(' | ')}`);
  const payouts = await call<{ data: { id: string; amount: number; currency: string }[] }>(
    'GET',
    `/api/v1/projects/${project.id}/payouts`,
    { token: idToken },
  );
  const payout = payouts.data[0];
  if (!payout) throw new JourneyError(`no payout after the run: ${out}`);
  const payoutXero = await call<string>(
    'GET',
    `/api/v1/projects/${project.id}/payouts/${payout.id}/export.csv?format=xero`,
    { token: idToken },
  );
  const payoutSum = sumColumn(payoutXero, '*Amount');
  if (payoutSum !== payout.amount)
    throw new JourneyError(
      `payout Xero export sums to ${payoutSum}, payout is ${payout.amount}:\n${payoutXero}`,
    );
  await stage(`payouts run by the CLI; payout ${payout.amount} ${payout.currency} and its Xero export agree`);

  return {
    projectId: project.id,
    transactionId: checkout.id,
    receiptUrl: paid.receipt_url,
    closeId: close.id,
    payoutId: payout.id,
    stages,
  };
}
