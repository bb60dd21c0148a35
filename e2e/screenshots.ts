// `npm run screenshots`: every screen, light and dark, 1280 and 390 px wide, into ./screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { memberships } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/domain/demo/seed-demo';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { freshSession, signedInUser } from '../apps/server/src/test/tokens';
import { newEmail, registerThroughUi, startStack } from './support';

const out = path.resolve('screenshots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();
const email = newEmail('shots');
const signedOut = ['/login', '/register', '/forgot-password', '/auth/action', '/error'];
const signedIn = (prj: string) => [
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
  `/p/${prj}/webhooks/whk_demo`,
  `/p/${prj}/webhooks/whk_demo/deliveries/dlv_demo`,
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
  // Payment history for the dashboard (issue 9).
  await seedDemo(t.ctx.database.db, project.id, {
    terminals: 5,
    days: 60,
    transactions: 8000,
    now: new Date(),
    createdBy: owner!.uid,
  });
  return project.id;
}

let projectId = 'prj_demo';
try {
  let registered = false;
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const context = await stack.context({ width, height: width > 500 ? 800 : 844, dark });
      const page = await context.newPage();
      const name = (p: string) =>
        `${p.replace(/\//g, '_').replace(/^_/, '') || 'root'}-${dark ? 'dark' : 'light'}-${width}.png`;
      for (const p of process.env.SCREENS ? [] : signedOut) {
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
      // SCREENS=dashboard,… takes only the screens whose path contains one of the words.
      const only = process.env.SCREENS?.split(',');
      for (const p of signedIn(projectId).filter((x) => !only || only.some((w) => x.includes(w)))) {
        await page.goto(`${stack.origin}${p}`);
        // Charts animate for a second after their data arrives.
        await page.waitForTimeout(p.endsWith('/dashboard') ? 2500 : 700);
        await page.screenshot({ path: path.join(out, name(p)), fullPage: true });
      }
      await context.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.close();
}
