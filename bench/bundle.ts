import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, chromium, type Request } from 'playwright-core';
import { createTestApp } from '../apps/server/src/test/harness';
import { CHROMIUM_ARGS } from '../e2e/support';
import { report } from './measure';

const BUDGET_KB = 200;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** What each page's first scripts may cost, as a multiple of what React alone costs. */
const PAY_TARGET_RATIO = 1.2;
const TERMINAL_TARGET_RATIO = 1.3;
const LOGIN_TARGET_RATIO = 1.3;
const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(2)}× ${ratio <= target ? 'met' : 'MISSED'}`;

/** Script bytes on the wire for a first visit to `url`, until `ready` shows. */
async function scriptsOnTheWire(browser: Browser, url: string, ready: string) {
  const page = await browser.newPage();
  const requests: Request[] = [];
  page.on('requestfinished', (r) => requests.push(r));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).waitFor();
  const scripts = requests.filter((r) => r.resourceType() === 'script');
  const sizes = await Promise.all(scripts.map((r) => r.sizes()));
  await page.close();
  return {
    files: scripts.length,
    wire: sizes.reduce((s, z) => s + z.responseBodySize + z.responseHeadersSize, 0),
  };
}

/**
 * The public pages, each its own entry. A made-up token shows the "unknown code"
 * screen, which loads exactly the scripts of a real first paint (Stripe.js is lazy).
 */
async function benchPublicPages(browser: Browser, origin: string, baselineBr: number) {
  const pay = await scriptsOnTheWire(browser, `${origin}/pay/bench-unknown-token`, '.pay-card');
  const terminal = await scriptsOnTheWire(browser, `${origin}/terminal`, '.term-main');
  report('Public pages: initial scripts on the wire', [
    { name: 'baseline: React + ReactDOM hello world, brotli', value: kb(baselineBr) },
    { name: `/pay/{token} (${pay.files} files)`, value: kb(pay.wire) },
    {
      name: `ratio /pay / baseline (target ≤ ${PAY_TARGET_RATIO}×)`,
      value: verdict(pay.wire / baselineBr, PAY_TARGET_RATIO),
    },
    { name: `/terminal (${terminal.files} files)`, value: kb(terminal.wire) },
    {
      name: `ratio /terminal / baseline (target ≤ ${TERMINAL_TARGET_RATIO}×)`,
      value: verdict(terminal.wire / baselineBr, TERMINAL_TARGET_RATIO),
    },
  ]);
}

/**
 * React + ReactDOM alone, built by the same Vite, as the floor any React console starts from:
 * its JS as our server would send it (brotli at the build's level), and gzip -9 for reference.
 */
function baseline(): { br: number; gz: number } {
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
  let br = 0;
  let gz = 0;
  for (const f of fs.readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const raw = fs.readFileSync(path.join(assets, f));
    br += brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    gz += gzipSync(raw, { level: 9 }).length;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { br, gz };
}

/**
 * Issues 3 and 10: what Chromium transfers to show /login (bytes on the wire, as the server
 * sends them: precompressed, with headers), against the React + ReactDOM baseline.
 */
export async function benchBundle() {
  execFileSync('npm', ['run', 'build', '-w', '@scanline/web'], { stdio: 'ignore' });
  const t = await createTestApp({ listen: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const requests: import('playwright-core').Request[] = [];
    page.on('requestfinished', (r) => requests.push(r));
    // When the form enters the DOM (page clock), to tell what the first screen needed from
    // what loaded after it (the auth SDK starts once the sign-in screen has painted).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.getElementById('login-email')) {
          (window as unknown as { formAt: number }).formAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${t.origin}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-email').waitFor();
    const timing = await page.evaluate(() => ({
      formAt: (window as unknown as { formAt: number }).formAt,
      starts: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
    }));
    const startOf = new Map(timing.starts.map(([name, start]) => [new URL(name).pathname, start]));
    const rows = await Promise.all(
      requests.map(async (r) => {
        const sizes = await r.sizes();
        const response = await r.response();
        return {
          type: r.resourceType(),
          path: new URL(r.url()).pathname,
          body: sizes.responseBodySize,
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'none',
          // The document itself has no resource entry: it starts at 0.
          initial: (startOf.get(new URL(r.url()).pathname) ?? 0) < timing.formAt,
        };
      }),
    );
    const allScripts = rows.filter((r) => r.type === 'script');
    const scripts = allScripts.filter((r) => r.initial);
    const later = allScripts.filter((r) => !r.initial);
    const jsWire = scripts.reduce((s, r) => s + r.wire, 0);
    const laterWire = later.reduce((s, r) => s + r.wire, 0);
    const allWire = rows.reduce((s, r) => s + r.wire, 0);
    const uncompressed = rows.filter(
      (r) => r.encoding === 'none' && r.body >= 1024 && /script|stylesheet|document/.test(r.type),
    );
    const base = baseline();
    report(`Console bundle: what Chromium transfers for /login (${rows.length} requests)`, [
      { name: 'baseline: React + ReactDOM hello world, brotli', value: kb(base.br) },
      { name: 'baseline, gzip -9 (earlier runs compared to this)', value: kb(base.gz) },
      {
        name: `/login initial scripts on the wire (${scripts.length} files, until the form shows)`,
        value: kb(jsWire),
      },
      {
        name: `ratio /login scripts / baseline (brotli), target ≤ ${LOGIN_TARGET_RATIO}×`,
        value: verdict(jsWire / base.br, LOGIN_TARGET_RATIO),
      },
      { name: 'ratio /login scripts / baseline (gzip)', value: `${(jsWire / base.gz).toFixed(2)}×` },
      {
        name: `scripts after the form showed (${later.length}: auth SDK, ripple, federated sign-in)`,
        value: kb(laterWire),
      },
      {
        name: 'ratio all /login scripts / baseline (brotli)',
        value: `${((jsWire + laterWire) / base.br).toFixed(2)}×`,
      },
      { name: '/login everything on the wire (html, css, js, json)', value: kb(allWire) },
      {
        name: 'text files ≥ 1 KB sent uncompressed',
        value: uncompressed.map((r) => r.path).join(' ') || 'none',
      },
      {
        name: `budget ${BUDGET_KB} KB of scripts`,
        value: jsWire <= BUDGET_KB * 1024 ? 'met' : `EXCEEDED by ${kb(jsWire - BUDGET_KB * 1024)}`,
      },
    ]);
    for (const r of rows.sort((a, b) => b.wire - a.wire)) {
      console.log(
        `    ${kb(r.wire).padStart(9)}  ${r.encoding.padEnd(5)} ${r.type.padEnd(10)} ${r.initial ? '       ' : '(later)'} ${r.path}`,
      );
    }
    await benchPublicPages(browser, t.origin, base.br);
  } finally {
    await browser.close();
    await t.close();
  }
}
