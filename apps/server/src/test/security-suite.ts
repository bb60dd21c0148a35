import { expect, it } from 'vitest';
import { revokeUserSessions, setUserDisabled } from '../identity/users/update-user';
import type { TestApp } from './harness';
import { baseClaims, forgeries, signedInUser, signWith } from './tokens';

export interface RouteUnderTest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

/**
 * The checks every authenticated route must pass (after Unkey's runCommonRouteTests): no
 * token, malformed, forged, expired, wrong issuer or audience, revoked, disabled → 401.
 * Wrong-project and too-low-role checks are per route, next to it.
 */
export function runCommonRouteTests(getApp: () => TestApp, route: RouteUnderTest) {
  const call = (authorization?: string) =>
    getApp().app.inject({
      method: route.method,
      url: route.url,
      payload: route.payload as never,
      headers: authorization ? { authorization } : {},
    });
  const expect401 = async (authorization: string | undefined, code = 'unauthenticated') => {
    const res = await call(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, code });
  };
  const name = `${route.method} ${route.url}`;

  it(`${name}: refuses a missing or malformed credential`, async () => {
    await expect401(undefined);
    await expect401('Basic dXNlcjpwYXNz');
    await expect401('Bearer not-a-jwt');
    await expect401('Bearer ');
  });

  it(`${name}: refuses forged tokens (alg none, HS256 with a public key, unknown kid, no kid)`, async () => {
    const t = getApp();
    const { user } = await signedInUser(t.ctx);
    const { none, hs256 } = await forgeries(t.ctx, user.uid);
    await expect401(`Bearer ${none}`);
    await expect401(`Bearer ${hs256}`);
    await expect401(`Bearer ${await signWith(t.ctx, baseClaims(t.ctx, user.uid), { stranger: true })}`);
    await expect401(`Bearer ${await signWith(t.ctx, baseClaims(t.ctx, user.uid), { kid: null })}`);
  });

  it(`${name}: refuses a wrong issuer, audience, subject, expiry or issue time`, async () => {
    const t = getApp();
    const { user } = await signedInUser(t.ctx);
    const claims = baseClaims(t.ctx, user.uid);
    const now = claims.iat as number;
    const bad = [
      { ...claims, iss: 'https://securetoken.google.com/someone-else' },
      { ...claims, aud: 'another-project' },
      { ...claims, sub: 'x'.repeat(129) },
      { ...claims, iat: now + 3600, auth_time: now },
    ];
    for (const c of bad) await expect401(`Bearer ${await signWith(t.ctx, c)}`);
    await expect401(
      `Bearer ${await signWith(t.ctx, { ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 })}`,
      'token_expired',
    );
  });

  it(`${name}: refuses a revoked session and a disabled user`, async () => {
    const t = getApp();
    const revoked = await signedInUser(t.ctx);
    t.advance(2000);
    await revokeUserSessions(t.ctx.database, revoked.user.uid, t.ctx.now());
    await expect401(revoked.auth.authorization, 'token_revoked');
    const disabled = await signedInUser(t.ctx);
    await setUserDisabled(t.ctx.database, disabled.user.uid, true, t.ctx.now());
    await expect401(disabled.auth.authorization, 'token_revoked');
  });
}

/**
 * Issue 16 §4 on every project route of the document (main and terminal APIs): a member whose
 * session skipped the second factor gets 403 `mfa_required` from a project that requires it,
 * whatever the method, body or other ids; the same member after a second factor, and the
 * project's API keys, are never refused for it.
 */
export function runMfaRequiredTests(
  getApp: () => TestApp,
  getSetup: () => {
    projectId: string;
    withoutSecondFactor: { authorization: string };
    withSecondFactor: { authorization: string };
    apiKey: { authorization: string };
  },
) {
  const projectRoutes = async () => {
    const doc = (await getApp().app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const out: { method: string; path: string }[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!/\/projects\/\{[^}]+\}/.test(path)) continue;
      for (const method of Object.keys(ops))
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
          out.push({ method: method.toUpperCase(), path });
    }
    return out;
  };
  const call = (method: string, path: string, auth: { authorization: string }) => {
    const { projectId } = getSetup();
    const url = path
      .replace(/\/projects\/\{[^}]+\}/, `/projects/${projectId}`)
      .replace(/\{[^}]+\}/g, 'unknown_1');
    return getApp().app.inject({
      method: method as 'GET',
      url,
      headers: auth,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
  };

  it('every project route refuses a session without a second factor with 403 mfa_required', async () => {
    const routes = await projectRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, path } of routes) {
      const res = await call(method, path, getSetup().withoutSecondFactor);
      expect({ route: `${method} ${path}`, status: res.statusCode, code: res.json().code }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        code: 'mfa_required',
      });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('no project route refuses a two-step session or an API key for it', async () => {
    for (const { method, path } of await projectRoutes()) {
      if (path.endsWith('/live') || path.endsWith('/stream')) continue; // event streams: they would not end
      for (const auth of [getSetup().withSecondFactor, getSetup().apiKey]) {
        const res = await call(method, path, auth);
        const code = String(res.headers['content-type'] ?? '').includes('json') ? res.json().code : undefined;
        expect({ route: `${method} ${path}`, code }).not.toEqual({
          route: `${method} ${path}`,
          code: 'mfa_required',
        });
      }
    }
  });
}
