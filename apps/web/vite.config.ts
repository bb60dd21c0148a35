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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
});
