import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { presentRuntimeConfig } from './runtime-config';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

// Paths that belong to an API: their unknown routes stay JSON 404s, never the console's HTML.
const API_PREFIXES = [
  '/api/',
  '/terminal/',
  '/mobile/',
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/auth/federated/',
  '/auth/session',
  '/.well-known/',
  '/_admin/',
];

const MISSING_BUILD = `<!doctype html><meta charset="utf-8"><title>Scanline</title>
<body style="font-family:system-ui;padding:3rem;max-width:40rem">
<h1>The console is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>`;

/** Serves /config.json and the built console; any other page path gets index.html (SPA). */
async function web(app: FastifyInstance) {
  const runtimeConfig = presentRuntimeConfig(app.ctx.config);
  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig;
  });
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change, so cache them for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.decorate('serveConsole', (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p)) || url === '/config.json') return false;
    if (!String(request.headers.accept ?? '').includes('text/html') && url !== '/') return false;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!built) {
      reply.status(503).send(MISSING_BUILD);
      return true;
    }
    // The public pages are their own entries (issue 7): the web terminal and the shopper page.
    reply.sendFile(
      url === '/terminal' ? 'terminal.html' : url.startsWith('/pay/') ? 'pay.html' : 'index.html',
    );
    return true;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    serveConsole?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  }
}

/** Not encapsulated: the root's not-found handler uses `serveConsole` and `reply.sendFile`. */
export const webPlugin = fp(web, { name: 'scanline-web' });
