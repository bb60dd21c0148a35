import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

type Media = { schema?: unknown; example?: unknown };
type Response = { $ref?: string; content?: Record<string, Media> };
type Op = {
  summary?: string;
  parameters?: { in: string; name: string }[];
  responses: Record<string, Response>;
};
type Doc = {
  paths: Record<string, Record<string, Op>>;
  components: { responses: Record<string, Response> };
};

const swaggerUiBundle = () =>
  readFileSync(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
      'static',
      'swagger-ui-bundle.js',
    ),
  );

describe('API reference', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject('/api/v1/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('serves a page that loads only this server’s files, under the console’s CSP', async () => {
    const page = await t.app.inject('/api/v1/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval|nonce-|script-src[^;]*unsafe-inline/);
    // No inline script (the CSP would refuse it) and nothing from another origin.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/api\/v1\/docs\/assets\//);
      expect(body).toBe('');
    }
    const urls = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.every((u) => u.startsWith('/'))).toBe(true);
  });

  it('serves the renderer compressed once, revalidated by ETag, and nothing else from its folder', async () => {
    const br = await t.app.inject({
      url: '/api/v1/docs/assets/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(swaggerUiBundle())).toBe(true);
    const gz = await t.app.inject({
      url: '/api/v1/docs/assets/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(swaggerUiBundle())).toBe(true);
    const again = await t.app.inject({
      url: '/api/v1/docs/assets/swagger-ui-bundle.js',
      headers: { 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const init = await t.app.inject('/api/v1/docs/assets/reference.js');
    expect(init.body).toContain("fetch('/api/v1/openapi.json'");
    for (const name of ['index.html', '..%2Fpackage.json', 'logo.svg']) {
      const res = await t.app.inject(`/api/v1/docs/assets/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });

  it('names every path parameter in snake_case, like the fields', () => {
    const names = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const m of p.matchAll(/\{([^}]+)\}/g)) names.add(m[1]!);
      for (const op of Object.values(item)) {
        for (const param of op.parameters ?? []) if (param.in === 'path') names.add(param.name);
      }
    }
    const notSnake = [...names].filter((n) => !/^[a-z]+(?:_[a-z]+)*$/.test(n));
    expect(notSnake).toEqual([]);
    // One name per thing: no abbreviations beside the long form.
    expect([...names].filter((n) => ['id', 'tid', 'sid', 'eid'].includes(n))).toEqual([]);
  });

  it('gives every response an example and keeps summaries plain text', () => {
    const missing: string[] = [];
    const marked: string[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (op.summary?.includes('`')) marked.push(`${method} ${p}`);
        for (const [status, response] of Object.entries(op.responses)) {
          const resolved = response.$ref
            ? doc.components.responses[response.$ref.split('/').pop()!]
            : response;
          for (const [type, media] of Object.entries(resolved?.content ?? {})) {
            if (media.example === undefined) missing.push(`${method} ${p} ${status} ${type}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(marked).toEqual([]);
    expect(doc.components.responses.Problem422!.content!['application/problem+json']!.example).toMatchObject({
      status: 422,
      code: 'currency_not_allowed',
    });
  });
});
