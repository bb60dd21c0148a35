import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('web surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://console.example' } });
  });
  afterAll(() => t.close());

  it('serves the runtime configuration revalidated by ETag', async () => {
    const res = await t.app.inject('/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      url: '/config.json',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(res.json()).toMatchObject({
      firebase: { api_key: t.ctx.config.auth.apiKey, project_id: 'scanline' },
      auth: { provider: 'builtin', token_sync_url: '/auth/session', federated_providers: [] },
      api: { main: `${t.ctx.config.publicUrl}/api/v1` },
      sentry: { dsn: null },
      // No TERMS_URL / PRIVACY_URL set, so sign-up mentions neither.
      legal: { terms_url: null, privacy_url: null },
    });
  });

  it('answers page paths with the console and API paths with JSON 404s', async () => {
    const page = await t.app.inject({ url: '/p/prj_1/dashboard', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect([200, 503]).toContain(page.statusCode);
    const api = await t.app.inject({ url: '/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/problem\+json/);
  });

  it('lets only the shopper page load Stripe.js (Payment Element for Stripe businesses)', async () => {
    const pay = await t.app.inject({ url: '/pay/tok_x', headers: { accept: 'text/html' } });
    const payCsp = String(pay.headers['content-security-policy']);
    expect(payCsp).toContain("script-src 'self' https://js.stripe.com");
    expect(payCsp).toContain('https://hooks.stripe.com');
    expect(payCsp).toContain("frame-ancestors 'none'");
    const consolePage = await t.app.inject({ url: '/p/prj_1/dashboard', headers: { accept: 'text/html' } });
    expect(String(consolePage.headers['content-security-policy'])).not.toContain('stripe.com');
  });

  it('sends security headers on every answer', async () => {
    for (const url of ['/healthz', '/config.json', '/api/v1/me']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allows CORS for configured origins only', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: { origin: 'https://console.example', 'access-control-request-method': 'GET' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://console.example');
    const no = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the identity service preflight with the headers the firebase SDK sends', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-firebase-gmpid');
  });

  it('publishes an OpenAPI 3.1 document and a readable reference', async () => {
    const doc = (await t.app.inject('/api/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/me');
    const page = await t.app.inject('/api/v1/docs');
    expect(page.body).toContain('href="/api/v1/openapi.json"');
  });

  it('publishes the signing keys as a JWKS', async () => {
    const jwks = (await t.app.inject('/.well-known/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('answers bad JSON and oversize bodies with problems, not 500s', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/federated/result',
      headers: { 'content-type': 'application/json' },
      payload: '{"handle":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/problem\+json/);
    const big = await t.app.inject({
      method: 'POST',
      url: '/auth/federated/result',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ handle: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });
});
