import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { webDist } from './paths';
import { presentRuntimeConfig } from './runtime-config';
import { shopperPageCsp } from './security-headers';

export { webDist };

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

/** Vite names these by content hash: they never change, so browsers keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, config.json, public files): kept, but revalidated by ETag. */
export const REVALIDATE = 'no-cache';

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
];

const etagMatches = (request: FastifyRequest, etag: string) =>
  String(request.headers['if-none-match'] ?? '')
    .split(',')
    .some((t) => t.trim().replace(/^W\//, '') === etag);

/**
 * Serves /config.json and the built console; any other page path gets index.html (SPA).
 * Static files go precompressed (`.br`, `.gz` beside each file, written at build time by
 * apps/web vite.config.ts) when the browser accepts them, with ETags for revalidation.
 */
async function web(app: FastifyInstance) {
  const body = JSON.stringify(presentRuntimeConfig(app.ctx.config));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  app.get('/config.json', { schema: { hide: true } }, async (request, reply) => {
    // Revalidated on every load: an operator's new settings apply on the next page load.
    reply.header('cache-control', REVALIDATE).header('etag', etag);
    if (etagMatches(request, etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  // Hashed scripts and stylesheets are not documents: the page's policy headers mean nothing on
  // them, and at ~1 KB per answer they were a tenth of /login's script bytes on the wire.
  // nosniff and the resource policy stay (they do apply to subresources).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.statusCode < 400) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
  if (built) {
    const common = {
      index: false,
      preCompressed: true,
      etag: true,
      lastModified: true,
      // send's own `public, max-age=0` would win over setHeaders (it lands on the reply, which
      // is written after the raw header): turn it off and decide here.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? IMMUTABLE : REVALIDATE);
        // The twin sent (.br, .gz or none) depends on Accept-Encoding: caches must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    } satisfies FastifyStaticOptions;
    // The top-level files get a route each (the console's page paths fall through to it).
    // The hashed bundle (hundreds of files with their .br, .gz and .map twins) is one
    // wildcard route: a route per file cost a fifth of a second on every start.
    await app.register(fastifyStatic, {
      ...common,
      root: webDist,
      wildcard: false,
      globIgnore: ['assets/**'],
    });
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
    });
  }
  const shopperCsp = shopperPageCsp(app.ctx.config);
  app.decorate('serveConsole', (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p)) || url === '/config.json') return false;
    if (!String(request.headers.accept ?? '').includes('text/html') && url !== '/') return false;
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
    // The shopper page also answers sticker links (`/s/{token}`).
    const shopper = url.startsWith('/pay/') || url.startsWith('/s/');
    if (shopper) reply.header('content-security-policy', shopperCsp);
    if (!built) {
      reply.status(503).send(MISSING_BUILD);
      return true;
    }
    // The public pages are their own entries: the web terminal and the shopper page.
    reply.sendFile(url === '/terminal' ? 'terminal.html' : shopper ? 'pay.html' : 'index.html');
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
