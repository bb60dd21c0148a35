import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { compression, isCompressibleType } from './compression';
import { webDist } from './web';

const built = fs.existsSync(path.join(webDist, 'index.html'));
const someAsset = () => {
  const dir = path.join(webDist, 'assets');
  const js = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  return js.map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size })).sort((a, b) => b.size - a.size)[0]!
    .f;
};

describe('delivery: compression and caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '0' } });
  });
  afterAll(() => t.close());

  it('compresses API answers above the threshold with brotli, else gzip, and small ones not at all', async () => {
    const team = await makeTeam(t);
    const big = await t.app.inject({
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBe('3.1.0');

    const gz = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toBe('3.1.0');

    const plain = await t.app.inject({
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const small = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}`,
      headers: { ...team.owner.auth, 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses problems too, and never server-sent-event streams', async () => {
    expect(isCompressibleType('application/json; charset=utf-8')).toBe(true);
    expect(isCompressibleType('application/problem+json')).toBe(true);
    expect(isCompressibleType('text/csv; charset=utf-8')).toBe(true);
    expect(isCompressibleType('text/event-stream')).toBe(false);
    expect(isCompressibleType('text/event-stream; charset=utf-8')).toBe(false);
    expect(isCompressibleType('image/png')).toBe(false);
    expect(isCompressibleType('font/woff2')).toBe(false);

    // The plugin as the app registers it, with an event stream and a JSON answer of equal size.
    const app = Fastify();
    await compression(app);
    const padding = `: ${'x'.repeat(4096)}\n\n`;
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send(padding));
    app.get('/json', async () => ({ padding }));
    try {
      const headers = { 'accept-encoding': 'br, gzip' };
      const events = await app.inject({ url: '/events', headers });
      expect(events.headers['content-encoding']).toBeUndefined();
      expect(events.body).toBe(padding);
      const json = await app.inject({ url: '/json', headers });
      expect(json.headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
    }
  });

  it.skipIf(!built)('serves hashed assets precompressed and immutable, with ETags', async () => {
    const asset = `/assets/${someAsset()}`;
    const br = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBeTruthy();
    // Subresource headers stay, the page-only policy headers do not (they cost ~1 KB each).
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    const original = fs.readFileSync(path.join(webDist, asset));
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);

    const gz = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const again = await t.app.inject({
      url: asset,
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.skipIf(!built)(
    'answers a missing asset 404, keeps the bundle folder, and serves top-level files',
    async () => {
      const asset = `/assets/${someAsset()}`;
      const head = await t.app.inject({ method: 'HEAD', url: asset });
      expect(head.statusCode).toBe(200);
      expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const missing = await t.app.inject({ url: '/assets/nothing-here-123.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
      // Nothing outside the build folder, however the path is spelled.
      for (const url of [
        '/assets/',
        '/assets/..%2f..%2f..%2fpackage.json',
        '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
      ]) {
        const outside = await t.app.inject({ url });
        expect(outside.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(outside.body, url).not.toContain('"workspaces"');
      }

      const icon = await t.app.inject({ url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
    },
  );

  it.skipIf(!built)('serves the console page revalidated (no-cache) and compressed', async () => {
    const page = await t.app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers.etag).toBeTruthy();
    const html =
      page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.rawPayload) : page.rawPayload;
    expect(html.toString()).toContain('<div id="root">');
    const again = await t.app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
