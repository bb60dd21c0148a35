import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { hashedThemes } from './scripts/hashed-themes';
import { precompileMessages } from './scripts/precompile-messages';
import { precompress } from './scripts/precompress';

const server = process.env.SCANLINE_SERVER ?? 'http://127.0.0.1:3000';
const proxied = [
  '/api',
  '/terminal/', // the terminal API; `/terminal` itself is the web terminal page
  '/mobile',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/auth/federated',
  '/auth/session',
  '/config.json',
  '/.well-known',
];

/** Dev server: the public pages' routes answer their own entries, as the server does in production. */
const publicPages: Plugin = {
  name: 'scanline-public-pages',
  configureServer(dev) {
    dev.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      if (path === '/terminal') req.url = req.url?.replace('/terminal', '/terminal.html');
      else if (path.startsWith('/pay/') || path.startsWith('/s/')) req.url = '/pay.html';
      next();
    });
  },
};

// react-router's package exports point every condition at its development build (warnings,
// invariant messages, dev-only checks); a production bundle takes the production build.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The shopper pages' catalogues arrive parsed (scripts/precompile-messages.ts): react-intl then
// needs no ICU parser in the browser (FormatJS's documented `no-parser` build).
const icuNoParser = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js');

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: icuNoParser },
    ],
  },
  // precompress() last: it writes .br/.gz twins of every built text file (served as they are).
  plugins: [
    react(),
    precompileMessages(),
    publicPages,
    hashedThemes(fileURLToPath(new URL('./public', import.meta.url))),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The console and the two public pages are separate entries: neither public
    // page loads the console's code, PrimeReact or firebase.
    rollupOptions: {
      input: {
        console: fileURLToPath(new URL('./index.html', import.meta.url)),
        terminal: fileURLToPath(new URL('./terminal.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // The sign-in screen's own modules in one file instead of six: each file costs a
          // request and its headers (~0.4 KB) before /login paints on a phone.
          groups: [
            {
              name: 'sign-in',
              // Only these modules: React, the router and the boot code stay where they were.
              includeDependenciesRecursively: false,
              test: /\/src\/(auth\/(LoginPage|AuthCard|second-step)|ui\/(FormField|PasswordInput|plain-controls))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
}));
