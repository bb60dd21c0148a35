// `npm run screenshots`: every screen, light and dark, 1280 and 390 px wide, into ./screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { newEmail, registerThroughUi, startStack } from './support';

const out = path.resolve('screenshots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();
const email = newEmail('shots');
const signedOut = ['/login', '/register', '/forgot-password', '/auth/action', '/error'];
const signedIn = [
  '/u/dashboard',
  '/u/profile',
  '/u/settings',
  '/u/businesses',
  '/p',
  '/p/prj_demo/dashboard',
  '/p/prj_demo/scans',
  '/p/prj_demo/transactions',
  '/p/prj_demo/terminals',
  '/p/prj_demo/members',
  '/p/prj_demo/admins',
  '/p/prj_demo/api-keys',
  '/p/prj_demo/settings',
  '/p/prj_demo/webhooks',
  '/p/prj_demo/webhooks/whk_demo',
  '/p/prj_demo/webhooks/whk_demo/deliveries/dlv_demo',
];
try {
  let registered = false;
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const context = await stack.context({ width, height: width > 500 ? 800 : 844, dark });
      const page = await context.newPage();
      const name = (p: string) =>
        `${p.replace(/\//g, '_').replace(/^_/, '') || 'root'}-${dark ? 'dark' : 'light'}-${width}.png`;
      for (const p of signedOut) {
        await page.goto(`${stack.origin}${p}`);
        await page.waitForTimeout(600);
        await page.screenshot({ path: path.join(out, name(p)), fullPage: true });
      }
      if (!registered) {
        await registerThroughUi(page, stack.origin, email);
        registered = true;
      } else {
        await page.goto(`${stack.origin}/login`);
        await page.fill('#login-email', email);
        await page.fill('#login-password', 'correct horse 1');
        await page.click('button[type=submit]');
        await page.waitForURL('**/u/dashboard');
      }
      for (const p of signedIn) {
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
}
