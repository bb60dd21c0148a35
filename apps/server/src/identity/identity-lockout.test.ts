import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/crypto/hash-password';
import { createTestApp, type TestApp } from '../test/harness';
import { clientKey, LIMITS } from './rate-limit';
import { createUser } from './users/create-user';

/** One Identity Toolkit call over loopback, sent from the given source address. */
function call(t: TestApp, from: string, path: string, body: Record<string, unknown>) {
  const url = new URL(`/identitytoolkit.googleapis.com/v1/${path}?key=${t.ctx.config.auth.apiKey}`, t.origin);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: { error?: { message: string } } & Record<string, unknown> }>(
    (resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          localAddress: from,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let data = '';
          res.on('data', (c) => {
            data += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data || '{}') }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
}

const GUESSER = '127.0.0.2';
const OWNER = '127.0.0.3';
const PASSWORD = 'correct horse battery';

describe('no lockouts: limits count per (account, client address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  const newAccount = async (email: string) => {
    await createUser(t.ctx.database.db, { email, passwordHash: await hashPassword(PASSWORD) }, t.ctx.now());
  };
  const signIn = (from: string, email: string, password: string) =>
    call(t, from, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });

  it('stops a guesser at their own address while the owner signs in from another', async () => {
    const email = 'owner-lockout@example.test';
    await newAccount(email);
    for (let i = 0; i < LIMITS.signInFailuresPerClient.limit; i++) {
      const res = await signIn(GUESSER, email, `guess ${i}`);
      expect(res.body.error?.message).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    // The guesser is held back, even with the right password.
    const blocked = await signIn(GUESSER, email, PASSWORD);
    expect(blocked.status).toBe(400);
    expect(blocked.body.error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    // The owner, elsewhere, is not.
    const owner = await signIn(OWNER, email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.idToken).toEqual(expect.any(String));
    // And the guesser's window ends.
    t.advance(LIMITS.signInFailuresPerClient.windowMs + 1000);
    expect((await signIn(GUESSER, email, PASSWORD)).status).toBe(200);
  });

  it('keeps a per-account ceiling for guesses from many addresses; the owner’s known address still gets in', async () => {
    const email = 'owner-ceiling@example.test';
    await newAccount(email);
    // The owner signed in from their address before.
    expect((await signIn(OWNER, email, PASSWORD)).status).toBe(200);
    // Many addresses together pass the per-account ceiling (127.0.1.x: 10 failures each).
    const perClient = LIMITS.signInFailuresPerClient.limit;
    const addresses = Math.ceil(LIMITS.signInFailuresPerAccount.limit / perClient);
    for (let a = 0; a < addresses; a++) {
      const from = `127.0.1.${a + 1}`;
      await Promise.all(Array.from({ length: perClient }, (_, i) => signIn(from, email, `guess ${a}-${i}`)));
    }
    // A fresh address is now held back by the ceiling, even with the right password...
    const stranger = await signIn('127.0.2.1', email, PASSWORD);
    expect(stranger.body.error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    // ...while the owner's known address still signs in.
    expect((await signIn(OWNER, email, PASSWORD)).status).toBe(200);
  });

  it('limits reset mail per (address, client): a flood from one client does not stop the owner', async () => {
    const email = 'owner-mail@example.test';
    await newAccount(email);
    const reset = (from: string) =>
      call(t, from, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
    for (let i = 0; i < LIMITS.mailPerAddressPerClient.limit; i++)
      expect((await reset(GUESSER)).status).toBe(200);
    expect((await reset(GUESSER)).body.error?.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await reset(OWNER)).status).toBe(200);
  });

  it('counts IPv6 clients by their /64', () => {
    expect(clientKey('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    // A client that hung up: its socket has no address left; the limit still counts, no crash.
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
