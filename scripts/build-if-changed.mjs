// Builds what `npm start` runs, only when its inputs changed since the last build:
// the console (Vite) into apps/web/dist and the server (esbuild) into apps/server/dist. Each
// output keeps a fingerprint of its inputs (path, size, modification time) in `.inputs`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function fingerprint(entries) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        // Skipped: dependencies, outputs, tests, and the theme files the console's build itself copies.
        if (['node_modules', 'dist', 'themes'].includes(name) || name.endsWith('.test.ts')) continue;
        walk(path.join(p, name));
      }
    } else hash.update(`${path.relative(root, p)}:${stat.size}:${stat.mtimeMs}\n`);
  };
  for (const e of entries) walk(at(e));
  return hash.digest('hex');
}

const fresh = (stampFile, print) => fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === print;

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    // Quiet when it works; everything it said when it does not.
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed:\n${out}`)),
    );
  });
}

const SHARED = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json'];

const targets = [
  {
    name: 'console',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/terminal.html',
      'apps/web/pay.html',
      'apps/web/vite.config.ts',
      'apps/web/scripts',
      'apps/web/package.json',
      ...SHARED,
    ],
    stamp: at('apps/web/dist/.inputs'),
    async build() {
      await run(process.execPath, [at('apps/web/scripts/copy-themes.mjs')], at('apps/web'));
      await run(
        process.execPath,
        [at('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
        at('apps/web'),
      );
    },
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/package.json', 'scripts/build-if-changed.mjs', ...SHARED],
    stamp: at('apps/server/dist/.inputs'),
    async build() {
      const { build } = await import('esbuild');
      const pkg = JSON.parse(fs.readFileSync(at('apps/server/package.json'), 'utf8'));
      // Dependencies stay in node_modules; the workspace's own TypeScript packages are bundled.
      const external = Object.keys(pkg.dependencies ?? {}).filter((n) => !n.startsWith('@scanline/'));
      fs.rmSync(at('apps/server/dist'), { recursive: true, force: true });
      await build({
        entryPoints: { main: at('apps/server/src/main.ts'), cli: at('apps/server/src/cli/main.ts') },
        outdir: at('apps/server/dist'),
        bundle: true,
        splitting: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        sourcemap: true,
        external,
        logLevel: 'error',
        define: { __SCANLINE_BUNDLE__: 'true' },
        // A few dependencies are CommonJS: give the ESM bundle a `require` for them.
        banner: {
          js: "import { createRequire as __scanlineRequire } from 'node:module'; const require = __scanlineRequire(import.meta.url);",
        },
      });
      // What the bundle reads at run time besides its code: the SQL migrations.
      fs.cpSync(at('apps/server/src/db/migrations'), at('apps/server/dist/migrations'), { recursive: true });
    },
  },
];

/** `only`: build just these targets (`['server']` for the CLI, which needs no console). */
export async function buildIfChanged(log = (line) => console.log(line), { only } = {}) {
  for (const t of targets) {
    if (only && !only.includes(t.name)) continue;
    const print = fingerprint(t.inputs);
    if (fresh(t.stamp, print)) continue;
    const started = Date.now();
    log(`Building the ${t.name} (first start, or its code changed)…`);
    await t.build();
    fs.mkdirSync(path.dirname(t.stamp), { recursive: true });
    fs.writeFileSync(t.stamp, print);
    log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `node scripts/build-if-changed.mjs [console|server]…`: CI and the tests build once, up front.
  const only = process.argv.slice(2);
  buildIfChanged(undefined, only.length ? { only } : {}).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
