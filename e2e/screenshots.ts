// `npm run screenshots`: every screen, light and dark, 1280 and 390 px wide, into ./screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { memberships } from '../apps/server/src/db/schema';
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
/** `SCREENSHOTS_ONLY=webhooks` limits a run to the screens whose path contains it. */
const only = process.env.SCREENSHOTS_ONLY;
const email = newEmail('shots');
const signedOut = ['/login', '/register', '/forgot-password', '/auth/action', '/error'];
const signedIn = (prj: string, hook = { webhook: 'whk_demo', delivery: 'dlv_demo' }) => [
  '/u/dashboard',
  '/u/profile',
  '/u/settings',
  '/u/businesses',
  '/p',
  `/p/${prj}/dashboard`,
  `/p/${prj}/scans`,
  `/p/${prj}/transactions`,
  `/p/${prj}/terminals`,
  `/p/${prj}/members`,
  `/p/${prj}/admins`,
  `/p/${prj}/api-keys`,
  `/p/${prj}/settings`,
  `/p/${prj}/webhooks`,
  `/p/${prj}/webhooks/${hook.webhook}`,
  `/p/${prj}/webhooks/${hook.webhook}/deliveries/${hook.delivery}`,
];
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
  await stack.t.webhookDispatcher().drain();
  return { webhook: ok.id as string, delivery: test.delivery_id as string };
}
let hook = { webhook: 'whk_demo', delivery: 'dlv_demo' };

let projectId = 'prj_demo';
try {
  let registered = false;
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const context = await stack.context({ width, height: width > 500 ? 800 : 844, dark });
      const page = await context.newPage();
      const name = (p: string) =>
        `${p.replace(/\//g, '_').replace(/^_/, '') || 'root'}-${dark ? 'dark' : 'light'}-${width}.png`;
      for (const p of signedOut.filter((x) => !only || x.includes(only))) {
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
      for (const p of signedIn(projectId, hook).filter((x) => !only || x.includes(only))) {
        await page.goto(`${stack.origin}${p}`);
        await page.waitForTimeout(700);
        await page.screenshot({ path: path.join(out, name(p)), fullPage: true });
      }
      await context.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.close();
  await receiver.close();
}
