import { hashPassword, verifyPassword } from '../apps/server/src/platform/crypto/hash-password';
import { createTestApp } from '../apps/server/src/test/harness';
import { measure, report } from './measure';

/** Sign-ins per second, against raw argon2id verifications per second in this run. */
export async function benchSignIn() {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const key = t.ctx.config.auth.apiKey;
    const base = `${t.origin}/identitytoolkit.googleapis.com/v1`;
    const body = JSON.stringify({
      email: 'bench@example.test',
      password: 'bench password 1',
      returnSecureToken: true,
    });
    const post = (path: string) =>
      fetch(`${base}/${path}?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    if (!(await post('accounts:signUp')).ok) throw new Error('sign-up failed');
    const hash = await hashPassword('bench password 1');
    const raw = await measure('argon2id', () => verifyPassword(hash, 'bench password 1'), { concurrency: 4 });
    const signIn = await measure(
      'sign-in',
      async () => {
        const res = await post('accounts:signInWithPassword');
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`sign-in: ${res.status}`);
      },
      { concurrency: 4 },
    );
    report('Sign-in throughput (4 concurrent, 3 s each; argon2id m=19 MiB t=2 p=1)', [
      { name: 'baseline: argon2id verifications in-process', value: `${raw.perSecond.toFixed(1)} hashes/s` },
      { name: 'accounts:signInWithPassword over HTTP', value: `${signIn.perSecond.toFixed(1)} sign-ins/s` },
      {
        name: 'ratio sign-ins / hashes (1.0 = hashing is all)',
        value: `${(signIn.perSecond / raw.perSecond).toFixed(2)}×`,
      },
    ]);
  } finally {
    await t.close();
  }
}
