import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors';
import { REVALIDATE } from './web';

/**
 * `/api/v1/openapi.json` and its reference at `/api/v1/docs`, rendered in the
 * browser by Swagger UI: every operation with its parameters, request body, each response with
 * schema and example, and the security it takes.
 *
 * Why Swagger UI: its dist ships inside @fastify/swagger-ui (already a dependency; without
 * swagger-ui-dist's install-time analytics), it makes no request but for this server's files,
 * and it runs under the console's CSP as it is (no inline script, no worker, no fonts).
 * Redoc 3 posts OpenTelemetry traces to otel.cloud.redocly.com and loads its logo from a CDN;
 * Redoc 2 starts its search worker from a blob: URL (script-src 'self' refuses it) and brings
 * some twenty dependencies.
 *
 * The bundle (1.7 MB) is read and compressed on the first request, never at start.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The page: no inline script or style, so the global CSP (script-src 'self') holds. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Scanline API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/api/v1/docs/assets/reference.css">
</head>
<body>
<header class="reference-header">
<h1>Scanline API reference</h1>
<p>The main, terminal and mobile APIs. Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
</header>
<main id="reference" aria-busy="true"><p class="reference-loading">Loading the reference…</p></main>
<noscript><p class="reference-loading">The reference needs JavaScript; the <a href="/api/v1/openapi.json">OpenAPI document</a> does not.</p></noscript>
<script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/assets/reference.js"></script>
</body>
</html>
`;

/**
 * Starts Swagger UI on the document. Operation lists start collapsed (150 operations expanded
 * at once keep the page busy for seconds); deep links open one (`#/terminal transactions/…`).
 * "Try it out" is off: the reference never sends a request on the reader's behalf. Each
 * operation's description gains the schemes it accepts, which Swagger UI otherwise shows only
 * as a lock icon.
 */
const INIT_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('reference');
  function schemeText(doc, requirement) {
    var schemes = (doc.components && doc.components.securitySchemes) || {};
    return Object.keys(requirement).map(function (name) {
      var s = schemes[name] || {};
      var how = s.type === 'http' ? 'HTTP ' + s.scheme + (s.bearerFormat ? ' (' + s.bearerFormat + ')' : '') : s.type || '';
      return '\`' + name + '\`: ' + (s.description || '') + (how ? ' — ' + how : '');
    }).join(' and ');
  }
  function withSecurity(doc) {
    Object.keys(doc.paths || {}).forEach(function (p) {
      var item = doc.paths[p];
      ['get', 'put', 'post', 'patch', 'delete'].forEach(function (m) {
        var op = item[m];
        if (!op) return;
        var reqs = op.security || doc.security || [];
        var text = reqs.length === 0
          ? 'none (public)'
          : reqs.map(function (r) { return schemeText(doc, r); }).join('; or ');
        op.description = (op.description ? op.description + '\\n\\n' : '') + '**Authentication:** ' + text;
      });
    });
    return doc;
  }
  fetch('/api/v1/openapi.json', { headers: { accept: 'application/json' } })
    .then(function (res) {
      if (!res.ok) throw new Error('GET /api/v1/openapi.json answered ' + res.status);
      return res.json();
    })
    .then(function (doc) {
      root.textContent = '';
      root.removeAttribute('aria-busy');
      window.SwaggerUIBundle({
        spec: withSecurity(doc),
        domNode: root,
        layout: 'BaseLayout',
        deepLinking: true,
        // Tags start closed: with every operation listed at once (docExpansion 'list'), this
        // Swagger UI renders nothing past the second tag once the document has 127 operations.
        docExpansion: 'none',
        defaultModelsExpandDepth: 0,
        defaultModelExpandDepth: 2,
        displayOperationId: true,
        filter: true,
        showExtensions: true,
        showCommonExtensions: true,
        supportedSubmitMethods: [],
        tryItOutEnabled: false,
        validatorUrl: null,
      });
    })
    .catch(function (error) {
      root.removeAttribute('aria-busy');
      root.textContent = 'The reference could not load the OpenAPI document (' + error.message + ').';
    });
})();
`;

const STYLE = `.reference-header{font-family:system-ui,sans-serif;max-width:1460px;margin:0 auto;padding:1.5rem 20px 0;color:#3b4151}
.reference-header h1{margin:0 0 .25rem;font-size:1.75rem}
.reference-header p{margin:0}
.reference-header a{color:#2563eb}
.reference-loading{font-family:system-ui,sans-serif;max-width:1460px;margin:1rem auto;padding:0 20px;color:#3b4151}
.swagger-ui .information-container{display:none}
.swagger-ui .response-col_links{display:none}
@media (max-width:600px){.swagger-ui .wrapper{padding:0 10px}.swagger-ui .opblock .opblock-summary-path{max-width:100%;word-break:break-all}
.swagger-ui .opblock-summary{flex-wrap:wrap}.swagger-ui table{width:100%}
.swagger-ui .microlight,.swagger-ui pre{white-space:pre-wrap;word-break:break-all}}
`;

interface Asset {
  type: string;
  load: () => Promise<Buffer>;
}

const swaggerUiFile = (name: string) => async () => {
  // Resolved on first use: swagger-ui ships in @fastify/swagger-ui's `static` folder.
  const pkg = createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json');
  return fs.readFile(path.join(path.dirname(pkg), 'static', name));
};

const ASSETS: Record<string, Asset> = {
  'swagger-ui-bundle.js': {
    type: 'application/javascript; charset=utf-8',
    load: swaggerUiFile('swagger-ui-bundle.js'),
  },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', load: swaggerUiFile('swagger-ui.css') },
  'reference.js': {
    type: 'application/javascript; charset=utf-8',
    load: async () => Buffer.from(INIT_SCRIPT),
  },
  'reference.css': { type: 'text/css; charset=utf-8', load: async () => Buffer.from(STYLE) },
};

interface Loaded {
  raw: Buffer;
  etag: string;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

/** Loaded (and compressed, per encoding) once, on the first request that needs it. */
const loaded = new Map<string, Promise<Loaded>>();

function loadAsset(name: string, asset: Asset): Promise<Loaded> {
  let entry = loaded.get(name);
  if (!entry) {
    entry = asset.load().then((raw) => ({
      raw,
      etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
      encoded: new Map(),
    }));
    // A failed read is retried on the next request rather than remembered.
    entry.catch(() => loaded.delete(name));
    loaded.set(name, entry);
  }
  return entry;
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

async function sendAsset(request: FastifyRequest, reply: FastifyReply, name: string, asset: Asset) {
  const file = await loadAsset(name, asset);
  reply.header('cache-control', REVALIDATE).header('etag', file.etag).header('vary', 'accept-encoding');
  reply.type(asset.type);
  const match = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .some((t) => t.trim().replace(/^W\//, '') === file.etag);
  if (match) return reply.status(304).send();
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(file.raw);
  let body = file.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotli(file.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzip(file.raw, { level: 9 });
    file.encoded.set(encoding, body);
  }
  // Already encoded: the on-the-fly compression leaves answers with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(await body);
}

export function apiReferenceRoutes(app: FastifyInstance) {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/v1/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(PAGE),
  );
  app.get<{ Params: { name: string } }>(
    '/api/v1/docs/assets/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = Object.hasOwn(ASSETS, request.params.name) ? ASSETS[request.params.name] : undefined;
      if (!asset) throw notFound('File of the API reference');
      return sendAsset(request, reply, request.params.name, asset);
    },
  );
}
