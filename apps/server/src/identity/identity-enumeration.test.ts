import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/**
 * No user enumeration by timing: a wrong password and an unknown email take the
 * same path (an argon2id check either way). Medians over 200 interleaved tries each.
 */
describe('sign-in timing does not reveal which emails have accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  });
  afterAll(() => t.close());

  it('answers a wrong password and an unknown email within 10 ms of each other (medians)', async () => {
    const url = `${t.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${t.ctx.config.auth.apiKey}`;
    const post = async (body: object) => {
      const start = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const elapsed = performance.now() - start;
      expect((await res.json()).error.message).toBe('INVALID_LOGIN_CREDENTIALS');
      return elapsed;
    };
    const signUp = await fetch(url.replace('signInWithPassword', 'signUp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'known@example.test',
        password: 'the real password',
        returnSecureToken: true,
      }),
    });
    expect(signUp.status).toBe(200);
    // Warm up both paths (dummy hash, JIT, connection pool).
    for (let i = 0; i < 5; i++) {
      await post({ email: 'known@example.test', password: `warm ${i}` });
      await post({ email: `warm-${i}@example.test`, password: 'x' });
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 200; i++) {
      known.push(
        await post({ email: 'known@example.test', password: `wrong ${i}`, returnSecureToken: true }),
      );
      unknown.push(
        await post({ email: `nobody-${i}@example.test`, password: `wrong ${i}`, returnSecureToken: true }),
      );
    }
    const difference = Math.abs(median(known) - median(unknown));
    expect(difference).toBeLessThan(10);
  }, 120_000);
});
