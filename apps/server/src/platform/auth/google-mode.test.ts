import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freePort, type TestApp } from '../../test/harness';

/** AUTH_PROVIDER=google: Google-issued ID tokens are accepted; the built-in service is off. */
describe('Google Identity Platform mode', () => {
  let t: TestApp;
  let jwksServer: http.Server;
  let privateKey: CryptoKey;
  const kid = 'google-test-key';
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
    const port = await freePort();
    // Stands in for Google's key endpoint, which cannot be reached from here.
    jwksServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(port, '127.0.0.1', r));
    t = await createTestApp({
      env: {
        AUTH_PROVIDER: 'google',
        GOOGLE_PROJECT_ID: 'acme-prod',
        GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/jwks`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    jwksServer.close();
  });

  const token = (claims: Record<string, unknown> = {}, audience = 'acme-prod') => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      auth_time: now,
      email: 'g@example.test',
      email_verified: true,
      firebase: { sign_in_provider: 'google.com' },
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer('https://securetoken.google.com/acme-prod')
      .setAudience(audience)
      .setSubject('google-user-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
  };

  it('accepts a Google ID token for the project', async () => {
    const res = await t.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      uid: 'google-user-1',
      email: 'g@example.test',
      email_verified: true,
      sign_in_provider: 'google.com',
    });
  });

  it('refuses a token for another project', async () => {
    const res = await t.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${await token({}, 'someone-else')}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('turns the built-in identity service off and configures the console for Google', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    const config = (await t.app.inject('/config.json')).json();
    expect(config.auth).toMatchObject({ provider: 'google', emulator_origin: null });
    expect(config.firebase).toMatchObject({
      project_id: 'acme-prod',
      auth_domain: 'acme-prod.firebaseapp.com',
    });
  });
});
