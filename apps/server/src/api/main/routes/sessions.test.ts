import { createUserWithEmailAndPassword, signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../../identity/sessions/user-agent';
import { listOutbox } from '../../../platform/mail/send-mail';
import { firebaseClientPool, uniqueEmail } from '../../../test/firebase-client';
import { createTestApp, type TestApp } from '../../../test/harness';

const PASSWORD = 'correct horse battery';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const CHROME_LINUX_NEWER = CHROME_LINUX.replace('156.0', '157.0');
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('sessions a user can see and end', () => {
  let t: TestApp;
  const pool = firebaseClientPool(() => t);
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
  });

  const identity = (path: string, body: object, userAgent: string) =>
    fetch(`${t.origin}/identitytoolkit.googleapis.com/v1/${path}?key=${t.ctx.config.auth.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ idToken: string; refreshToken: string; localId: string }>);
  const signIn = (email: string, userAgent: string) =>
    identity(
      'accounts:signInWithPassword',
      { email, password: PASSWORD, returnSecureToken: true },
      userAgent,
    );
  const refresh = (refreshToken: string) =>
    fetch(`${t.origin}/securetoken.googleapis.com/v1/token?key=${t.ctx.config.auth.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${refreshToken}`,
    });
  const api = (method: string, url: string, idToken: string) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${idToken}` },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const newBrowserMails = async (email: string) =>
    (await listOutbox(t.ctx, { limit: 100 })).filter(
      (m) => m.to === email && m.kind === 'new_browser_sign_in',
    );

  it('names browsers from their user agent', () => {
    expect(describeUserAgent(CHROME_LINUX)).toMatchObject({ browser: 'Chrome 156', os: 'Linux' });
    expect(describeUserAgent(FIREFOX_MAC)).toMatchObject({ browser: 'Firefox 140', os: 'macOS' });
    expect(describeUserAgent(SAFARI_IPHONE)).toMatchObject({ browser: 'Safari 18', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
      ),
    ).toMatchObject({ browser: 'Edge 156', os: 'Windows' });
    expect(describeUserAgent(undefined)).toMatchObject({ browser: 'Unknown browser', os: null });
    expect(describeUserAgent(CHROME_LINUX).fingerprint).toBe(
      describeUserAgent(CHROME_LINUX_NEWER).fingerprint,
    );
  });

  it('lists one session per sign-in, marks this one, and ends another at once', async () => {
    const email = uniqueEmail('ses');
    await createUserWithEmailAndPassword(pool.auth(), email, PASSWORD);
    const laptop = await signIn(email, CHROME_LINUX);
    const phone = await signIn(email, SAFARI_IPHONE);
    const listed = await api('GET', '/me/sessions', laptop.idToken);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data as { id: string; browser: string; current: boolean; ip: string }[];
    expect(sessions).toHaveLength(3); // sign-up, laptop, phone
    const mine = sessions.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ browser: 'Chrome 156 on Linux', second_factor: null });
    expect(mine[0]?.ip).toBeTruthy();
    const phoneSession = sessions.find((s) => s.browser === 'Safari 18 on iOS');
    expect(phoneSession).toBeDefined();

    // Ending the phone's session: its refresh fails and its ID token is refused at once.
    expect((await api('GET', '/me', phone.idToken)).statusCode).toBe(200);
    expect((await api('DELETE', `/me/sessions/${phoneSession?.id}`, laptop.idToken)).statusCode).toBe(204);
    const refused = await api('GET', '/me', phone.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'token_revoked' });
    const refreshed = await refresh(phone.refreshToken);
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: { message: string } }).error.message).toBe('TOKEN_EXPIRED');
    // The laptop is untouched, the list shrinks, and an unknown or already ended id is 404.
    expect((await api('GET', '/me', laptop.idToken)).statusCode).toBe(200);
    expect((await refresh(laptop.refreshToken)).status).toBe(200);
    expect((await api('GET', '/me/sessions', laptop.idToken)).json().data).toHaveLength(2);
    expect((await api('DELETE', `/me/sessions/${phoneSession?.id}`, laptop.idToken)).statusCode).toBe(404);
  });

  it('signing out ends the session on the server, as End does', async () => {
    const email = uniqueEmail('ses');
    await createUserWithEmailAndPassword(pool.auth(), email, PASSWORD);
    const laptop = await signIn(email, CHROME_LINUX);
    const phone = await signIn(email, SAFARI_IPHONE);
    // The browser's session sync: the cookie holds the ID token; sign-out sends DELETE with it.
    const synced = await t.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: { authorization: `Bearer ${phone.idToken}` },
    });
    expect(synced.statusCode).toBe(204);
    const cookie = String(synced.headers['set-cookie']).split(';')[0] ?? '';
    const out = await t.app.inject({ method: 'DELETE', url: '/auth/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const refused = await api('GET', '/me', phone.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'token_revoked' });
    expect((await refresh(phone.refreshToken)).status).toBe(400);
    const left = (await api('GET', '/me/sessions', laptop.idToken)).json().data as { browser: string }[];
    expect(left.map((s) => s.browser)).not.toContain('Safari 18 on iOS');
    // A second DELETE (the console ended the session itself first) and one with no cookie are fine.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/auth/session', headers: { cookie } })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: '/auth/session' })).statusCode).toBe(204);
    expect((await api('GET', '/me', laptop.idToken)).statusCode).toBe(200);
  });

  it('"last active" follows API use, written at most once a minute', async () => {
    const email = uniqueEmail('ses');
    await createUserWithEmailAndPassword(pool.auth(), email, PASSWORD);
    const laptop = await signIn(email, CHROME_LINUX);
    const phone = await signIn(email, SAFARI_IPHONE);
    const phoneLastActive = async () => {
      const list = (await api('GET', '/me/sessions', laptop.idToken)).json().data as {
        browser: string;
        last_used_at: string;
      }[];
      return Date.parse(list.find((s) => s.browser === 'Safari 18 on iOS')?.last_used_at ?? '');
    };
    const signedIn = await phoneLastActive();
    expect(signedIn).toBeGreaterThan(0);
    t.advance(5 * 60_000);
    expect((await api('GET', '/me', phone.idToken)).statusCode).toBe(200);
    const used = await phoneLastActive();
    expect(used - signedIn).toBeGreaterThanOrEqual(5 * 60_000);
    // Within the minute, more use writes nothing.
    t.advance(20_000);
    expect((await api('GET', '/me', phone.idToken)).statusCode).toBe(200);
    expect(await phoneLastActive()).toBe(used);
    t.advance(60_000);
    expect((await api('GET', '/me', phone.idToken)).statusCode).toBe(200);
    expect((await phoneLastActive()) - used).toBeGreaterThanOrEqual(80_000);
  });

  it("never shows or ends another user's sessions", async () => {
    const a = uniqueEmail('ses');
    const b = uniqueEmail('ses');
    await createUserWithEmailAndPassword(pool.auth(), a, PASSWORD);
    await createUserWithEmailAndPassword(pool.auth(), b, PASSWORD);
    const alice = await signIn(a, CHROME_LINUX);
    const bob = await signIn(b, CHROME_LINUX);
    const bobSessions = (await api('GET', '/me/sessions', bob.idToken)).json().data as { id: string }[];
    const aliceSessions = (await api('GET', '/me/sessions', alice.idToken)).json().data as { id: string }[];
    expect(aliceSessions.some((s) => bobSessions.some((x) => x.id === s.id))).toBe(false);
    const res = await api('DELETE', `/me/sessions/${bobSessions[0]?.id}`, alice.idToken);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await api('GET', '/me', bob.idToken)).statusCode).toBe(200);
  });

  it('signs out every other session and keeps this one', async () => {
    const email = uniqueEmail('ses');
    const auth = pool.auth();
    await createUserWithEmailAndPassword(auth, email, PASSWORD);
    const others = [await signIn(email, FIREFOX_MAC), await signIn(email, SAFARI_IPHONE)];
    const { user } = await signInWithEmailAndPassword(auth, email, PASSWORD);
    const res = await api('POST', '/me/sessions/revoke-others', await user.getIdToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 3 }); // sign-up and the two others
    for (const o of others) expect((await api('GET', '/me', o.idToken)).statusCode).toBe(401);
    // The SDK's own session goes on, through a refresh too.
    expect((await api('GET', '/me', await user.getIdToken(true))).statusCode).toBe(200);
    const left = (await api('GET', '/me/sessions', await user.getIdToken())).json().data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it('emails the user when a browser never seen before signs in', async () => {
    const email = uniqueEmail('ses');
    await identity('accounts:signUp', { email, password: PASSWORD, returnSecureToken: true }, CHROME_LINUX);
    await signIn(email, CHROME_LINUX);
    await signIn(email, CHROME_LINUX_NEWER); // an update is the same browser
    expect(await newBrowserMails(email)).toHaveLength(0);
    await signIn(email, FIREFOX_MAC);
    // The notice is sent after the sign-in answers (it never delays it): wait for it.
    await expect.poll(async () => (await newBrowserMails(email)).length).toBe(1);
    const mails = await newBrowserMails(email);
    expect(mails[0]?.text).toContain('Firefox 140 on macOS');
    await signIn(email, FIREFOX_MAC);
    expect(await newBrowserMails(email)).toHaveLength(1);
  });
});
