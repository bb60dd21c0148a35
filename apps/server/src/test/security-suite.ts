import { expect, it } from 'vitest';
import { revokeUserSessions, setUserDisabled } from '../identity/users/update-user';
import type { TestApp } from './harness';
import { baseClaims, forgeries, signedInUser, signWith } from './tokens';

export interface RouteUnderTest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

/** A credential every guarded route refuses with 401 and this code. */
export interface BadCredential {
  what: string;
  authorization: string | undefined;
  code: 'unauthenticated' | 'token_expired' | 'token_revoked';
}

/**
 * The credentials every authenticated route must refuse (after Unkey's runCommonRouteTests):
 * none, malformed, forged (alg none, HS256 with a public key, a stranger's key, no kid), a
 * wrong issuer, audience, subject or issue time, expired, a revoked session, a disabled user.
 * Tokens are made for `uid` (default: a new person); the revoked and disabled people are new,
 * handed to `join` first (to make them members, so only their state refuses them). Moves the
 * app's clock 2 s (a revocation counts from the next second).
 */
export async function badCredentials(
  t: TestApp,
  opts: { uid?: string; join?: (person: Awaited<ReturnType<typeof signedInUser>>) => Promise<void> } = {},
): Promise<BadCredential[]> {
  const uid = opts.uid ?? (await signedInUser(t.ctx)).user.uid;
  const bearer = (token: string) => `Bearer ${token}`;
  const { none, hs256 } = await forgeries(t.ctx, uid);
  const claims = baseClaims(t.ctx, uid);
  const now = claims.iat as number;
  const revoked = await signedInUser(t.ctx);
  const disabled = await signedInUser(t.ctx);
  for (const person of [revoked, disabled]) await opts.join?.(person);
  t.advance(2000);
  await revokeUserSessions(t.ctx.database, revoked.user.uid, t.ctx.now());
  await setUserDisabled(t.ctx.database, { uid: disabled.user.uid, disabled: true, now: t.ctx.now() });
  const unauthenticated = (what: string, authorization: string | undefined): BadCredential => ({
    what,
    authorization,
    code: 'unauthenticated',
  });
  return [
    unauthenticated('no credential', undefined),
    unauthenticated('Basic credentials', 'Basic dXNlcjpwYXNz'),
    unauthenticated('a garbage bearer', 'Bearer not-a-jwt'),
    unauthenticated('an empty bearer', 'Bearer '),
    unauthenticated('alg none', bearer(none)),
    unauthenticated('HS256 signed with the public key', bearer(hs256)),
    unauthenticated("a stranger's key", bearer(await signWith(t.ctx, claims, { stranger: true }))),
    unauthenticated('no kid', bearer(await signWith(t.ctx, claims, { kid: null }))),
    unauthenticated(
      'a wrong issuer',
      bearer(await signWith(t.ctx, { ...claims, iss: 'https://securetoken.google.com/someone-else' })),
    ),
    unauthenticated('a wrong audience', bearer(await signWith(t.ctx, { ...claims, aud: 'another-project' }))),
    unauthenticated('a subject too long', bearer(await signWith(t.ctx, { ...claims, sub: 'x'.repeat(129) }))),
    unauthenticated(
      'an issue time in the future',
      bearer(await signWith(t.ctx, { ...claims, iat: now + 3600, auth_time: now })),
    ),
    {
      what: 'an expired token',
      authorization: bearer(
        await signWith(t.ctx, { ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
      ),
      code: 'token_expired',
    },
    { what: 'a revoked session', authorization: revoked.auth.authorization, code: 'token_revoked' },
    { what: 'a disabled user', authorization: disabled.auth.authorization, code: 'token_revoked' },
  ];
}

/**
 * The bad credentials on one route, for a file of its own. Every registered route already gets
 * them in `api/route-table-security.test.ts`; this stays for a route tested apart from the app's
 * route table.
 */
export function runCommonRouteTests(getApp: () => TestApp, route: RouteUnderTest) {
  it(`${route.method} ${route.url}: refuses missing, malformed, forged, expired, revoked and disabled credentials`, async () => {
    const t = getApp();
    for (const bad of await badCredentials(t)) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: route.payload as never,
        headers: bad.authorization ? { authorization: bad.authorization } : {},
      });
      expect({ what: bad.what, status: res.statusCode, code: res.json().code }).toEqual({
        what: bad.what,
        status: 401,
        code: bad.code,
      });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
}

/**
 * On every project route of the document (main and terminal APIs): a member whose
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
