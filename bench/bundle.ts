import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createTestApp } from '../apps/server/src/test/harness';
import { CHROMIUM_ARGS } from '../e2e/support';
import { report } from './measure';

const BUDGET_KB = 200;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Issue 7: the shopper page is at most 1.5× what React alone costs. */
const PAY_TARGET_RATIO = 1.5;

/** Every request a first visit to `url` finishes, with its size on the wire. */
async function transferred(page: import('playwright-core').Page, url: string, ready: string) {
  const requests: import('playwright-core').Request[] = [];
  const listener = (r: import('playwright-core').Request) => requests.push(r);
  page.on('requestfinished', listener);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).waitFor();
  page.off('requestfinished', listener);
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
      };
    }),
  );
  return { rows, scripts: rows.filter((r) => r.type === 'script') };
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
    const base = baseline();
    const login = await transferred(page, `${t.origin}/login`, '#login-email');
    const jsWire = login.scripts.reduce((s, r) => s + r.wire, 0);
    const allWire = login.rows.reduce((s, r) => s + r.wire, 0);
    const uncompressed = login.rows.filter(
      (r) => r.encoding === 'none' && r.body >= 1024 && /script|stylesheet|document/.test(r.type),
    );
    report(`Console bundle: what Chromium transfers for /login (${login.rows.length} requests)`, [
      { name: 'baseline: React + ReactDOM hello world, brotli', value: kb(base.br) },
      { name: 'baseline, gzip -9 (earlier runs compared to this)', value: kb(base.gz) },
      { name: `/login scripts on the wire (${login.scripts.length} files)`, value: kb(jsWire) },
      {
        name: 'ratio /login scripts / baseline (brotli), target ≤ 2×',
        value: `${(jsWire / base.br).toFixed(2)}×`,
      },
      { name: 'ratio /login scripts / baseline (gzip)', value: `${(jsWire / base.gz).toFixed(2)}×` },
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
    for (const r of login.rows.sort((a, b) => b.wire - a.wire)) {
      console.log(`    ${kb(r.wire).padStart(9)}  ${r.encoding.padEnd(5)} ${r.type.padEnd(10)} ${r.path}`);
    }

    // Issue 7: the public pages, each its own entry. A made-up token shows the "unknown code"
    // screen, which loads exactly the scripts of a real first paint (Stripe.js is lazy).
    const pay = await transferred(page, `${t.origin}/pay/bench-unknown-token`, '.pay-card');
    const terminal = await transferred(page, `${t.origin}/terminal`, '.term-main');
    const payJs = pay.scripts.reduce((s, r) => s + r.wire, 0);
    const terminalJs = terminal.scripts.reduce((s, r) => s + r.wire, 0);
    report('Public pages: initial scripts on the wire (issue 7)', [
      { name: 'baseline: React + ReactDOM hello world, brotli', value: kb(base.br) },
      { name: `/pay/{token} (${pay.scripts.length} files)`, value: kb(payJs) },
      {
        name: `ratio /pay / baseline (target ≤ ${PAY_TARGET_RATIO}×)`,
        value: `${(payJs / base.br).toFixed(2)}× ${payJs / base.br <= PAY_TARGET_RATIO ? 'met' : 'MISSED'}`,
      },
      { name: `/terminal (${terminal.scripts.length} files)`, value: kb(terminalJs) },
      { name: 'ratio /terminal / baseline', value: `${(terminalJs / base.br).toFixed(2)}×` },
    ]);
  } finally {
    await browser.close();
    await t.close();
  }
}
