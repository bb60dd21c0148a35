import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { runCommonRouteTests } from '../../test/security-suite';
import { signedInUser } from '../../test/tokens';

describe('ID-token verification for the product APIs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  runCommonRouteTests(() => t, { method: 'GET', url: '/api/v1/me' });

  it('GET /api/v1/me returns the caller', async () => {
    const { user, auth } = await signedInUser(t.ctx, { displayName: 'Grace Hopper' });
    const res = await t.app.inject({ url: '/api/v1/me', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      uid: user.uid,
      email: user.email,
      email_verified: true,
      display_name: 'Grace Hopper',
      photo_url: null,
      sign_in_provider: 'password',
      locale: null,
    });
  });

  it('says how to authenticate on a 401', async () => {
    const res = await t.app.inject({ url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/Sign in/);
  });

  it('keeps health public', async () => {
    expect((await t.app.inject('/api/v1/health')).statusCode).toBe(200);
    expect((await t.app.inject('/terminal/v1/health')).statusCode).toBe(200);
    expect((await t.app.inject('/mobile/v1/health')).statusCode).toBe(200);
  });

  it('sets and clears the session-sync cookie', async () => {
    const { auth } = await signedInUser(t.ctx);
    const set = await t.app.inject({ method: 'POST', url: '/auth/session', headers: auth });
    expect(set.statusCode).toBe(204);
    const cookie = String(set.headers['set-cookie']);
    expect(cookie).toMatch(/^__session=ey/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=300/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: { authorization: 'Bearer x' },
    });
    expect(bad.statusCode).toBe(401);
    const cleared = await t.app.inject({ method: 'DELETE', url: '/auth/session' });
    expect(String(cleared.headers['set-cookie'])).toMatch(/Max-Age=0/);
  });

  it('does not take the session cookie where a route has not opted in', async () => {
    const { idToken } = await signedInUser(t.ctx);
    const res = await t.app.inject({ url: '/api/v1/me', headers: { cookie: `__session=${idToken}` } });
    expect(res.statusCode).toBe(401);
  });
});
