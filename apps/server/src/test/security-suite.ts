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
