import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const server = process.env.SCANLINE_SERVER ?? 'http://127.0.0.1:3000';
const proxied = [
  '/api',
  '/terminal',
  '/mobile',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/auth/federated',
  '/auth/session',
  '/config.json',
  '/.well-known',
];

export default defineConfig({
  // precompress() last: it writes .br/.gz twins of every built text file (served as they are).
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The console and the two public pages (issue 7) are separate entries: neither public
    // page loads the console's code, PrimeReact or firebase.
    rollupOptions: {
      input: {
        console: fileURLToPath(new URL('./index.html', import.meta.url)),
        terminal: fileURLToPath(new URL('./terminal.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
});
