import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { runCommonRouteTests } from '../../test/security-suite';
import { signedInUser } from '../../test/tokens';

describe('the user’s language on the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  runCommonRouteTests(() => t, { method: 'PATCH', url: '/api/v1/me', payload: { locale: 'de' } });

  const patch = (auth: { authorization: string }, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: auth, payload: payload as object });

  it('is null until chosen, then kept and answered by GET /api/v1/me', async () => {
    const { auth } = await signedInUser(t.ctx);
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth })).json().user.locale).toBeNull();

    const res = await patch(auth, { locale: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().locale).toBe('de');
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth })).json().user.locale).toBe('de');

    expect((await patch(auth, { locale: 'en-XA' })).json().locale).toBe('en-XA');
    expect((await patch(auth, { locale: null })).json().locale).toBeNull();
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth })).json().user.locale).toBeNull();
  });

  it('is each person’s own', async () => {
    const a = await signedInUser(t.ctx);
    const b = await signedInUser(t.ctx);
    await patch(a.auth, { locale: 'fr' });
    await patch(b.auth, { locale: 'es' });
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.auth })).json().user.locale).toBe('fr');
    expect((await t.app.inject({ url: '/api/v1/me', headers: b.auth })).json().user.locale).toBe('es');
  });

  it.each([
    [{ locale: 'it' }, 'body.locale'],
    [{ locale: 'DE' }, 'body.locale'],
    [{ locale: 42 }, 'body.locale'],
    [{}, 'body.locale'],
    [{ locale: 'de', theme: 'dark' }, 'body'],
  ])('refuses %j with 400 problem+json', async (payload, path) => {
    const { auth } = await signedInUser(t.ctx);
    const res = await patch(auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem.code).toBe('validation_failed');
    expect(JSON.stringify(problem.errors)).toContain(path);
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth })).json().user.locale).toBeNull();
  });

  it('is refused to an API key (a person’s setting)', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { authorization: 'Bearer sk_test_not_a_person' },
      payload: { locale: 'de' },
    });
    expect([401, 403]).toContain(res.statusCode);
  });
});
