import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { webDist } from '../apps/server/src/platform/web';
import { createTestApp } from '../apps/server/src/test/harness';
import { CHROMIUM_ARGS } from '../e2e/support';
import { report } from './measure';

const BUDGET_KB = 200;
/** Issue 7: the shopper page is at most 1.5× what React alone costs. */
const PAY_TARGET_RATIO = 1.5;
const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

/** React + ReactDOM alone, built by the same Vite, as the floor any React console starts from. */
function baselineKb(): number {
  const dir = path.resolve('bench/.react-baseline');
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  );
  fs.writeFileSync(
    path.join(dir, 'src/main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n",
  );
  fs.writeFileSync(
    path.join(dir, 'vite.config.ts'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], logLevel: 'error' };\n",
  );
  execFileSync('npx', ['vite', 'build', '--config', path.join(dir, 'vite.config.ts'), dir], {
    stdio: 'ignore',
  });
  const assets = path.join(dir, 'dist/assets');
  const kb = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gz(path.join(assets, f)), 0);
  fs.rmSync(dir, { recursive: true, force: true });
  return kb;
}

/** Issue 3: every script Chromium loads to show /login, gzipped, against the budget and the baseline. */
export async function benchBundle() {
  execFileSync('npm', ['run', 'build', '-w', '@scanline/web'], { stdio: 'ignore' });
  const t = await createTestApp({ listen: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${t.origin}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-email').waitFor();
    const loginKb = [...scripts].reduce((sum, p) => sum + gz(path.join(webDist, p)), 0);
    const loginFiles = scripts.size;
    // Issue 7: the public pages, each its own entry. A made-up token shows the "unknown code"
    // screen, which loads exactly the scripts of a real first paint (Stripe.js is lazy).
    const publicKb: Record<string, { kb: number; files: number }> = {};
    for (const [name, url, ready] of [
      ['/pay/{token}', '/pay/bench-unknown-token', '.pay-card'],
      ['/terminal', '/terminal', '.term-main'],
    ] as const) {
      scripts.clear();
      await page.goto(`${t.origin}${url}`, { waitUntil: 'networkidle' });
      await page.locator(ready).waitFor();
      publicKb[name] = {
        kb: [...scripts].reduce((sum, p) => sum + gz(path.join(webDist, p)), 0),
        files: scripts.size,
      };
    }
    const reactKb = baselineKb();
    report(`Console bundle: scripts loaded for /login (${loginFiles} files, gzip -9)`, [
      { name: 'baseline: React + ReactDOM hello world (same Vite)', value: `${reactKb.toFixed(1)} KB` },
      { name: '/login, everything until the form shows', value: `${loginKb.toFixed(1)} KB` },
      { name: 'ratio /login / baseline', value: `${(loginKb / reactKb).toFixed(2)}×` },
      {
        name: `budget ${BUDGET_KB} KB`,
        value: loginKb <= BUDGET_KB ? 'met' : `EXCEEDED by ${(loginKb - BUDGET_KB).toFixed(1)} KB`,
      },
    ]);
    const pay = publicKb['/pay/{token}'];
    const terminal = publicKb['/terminal'];
    if (pay && terminal)
      report('Public pages: initial scripts, gzip -9 (issue 7)', [
        { name: 'baseline: React + ReactDOM hello world (same Vite)', value: `${reactKb.toFixed(1)} KB` },
        { name: `/pay/{token} (${pay.files} files)`, value: `${pay.kb.toFixed(1)} KB` },
        {
          name: `ratio /pay / baseline (target ≤ ${PAY_TARGET_RATIO}×)`,
          value: `${(pay.kb / reactKb).toFixed(2)}× ${pay.kb / reactKb <= PAY_TARGET_RATIO ? 'met' : 'MISSED'}`,
        },
        { name: `/terminal (${terminal.files} files)`, value: `${terminal.kb.toFixed(1)} KB` },
        { name: 'ratio /terminal / baseline', value: `${(terminal.kb / reactKb).toFixed(2)}×` },
      ]);
  } finally {
    await browser.close();
    await t.close();
  }
}
