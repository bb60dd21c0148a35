import type { FastifyInstance } from 'fastify';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
}

/**
 * `/api/v1/openapi.json` and a readable, self-contained reference at `/api/v1/docs`
 * (server-rendered: no third-party scripts, so the strict CSP holds).
 */
export function apiReferenceRoutes(app: FastifyInstance) {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/v1/docs', { schema: { hide: true } }, async (_request, reply) => {
    const doc = app.swagger() as {
      paths?: Record<string, Record<string, Operation>>;
      info: { title: string; description?: string };
    };
    const rows = Object.entries(doc.paths ?? {})
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(
          ([method, op]) =>
            `<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')}</td><td>${escapeHtml((op.tags ?? []).join(', '))}</td></tr>`,
        ),
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb}
.m{font-weight:700}.get{color:#2563eb}.post{color:#16a34a}.patch{color:#d97706}.delete{color:#dc2626}</style>
<h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Area</th></tr></thead><tbody>${rows}</tbody></table></html>`;
  });
}
