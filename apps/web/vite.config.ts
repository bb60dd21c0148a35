import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
  },
});
