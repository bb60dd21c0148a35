import { createTestApp } from '../apps/server/src/test/harness';
import { signedInUser } from '../apps/server/src/test/tokens';
import { measure, report } from './measure';

/** What verifying an ID token costs per request, against the same route without it. */
export async function benchIdTokenVerification() {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const { idToken } = await signedInUser(t.ctx);
    const get =
      (path: string, headers: Record<string, string> = {}) =>
      async () => {
        const res = await fetch(`${t.origin}${path}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
      };
    await measure('warm-up', get('/api/v1/health'), { seconds: 1 });
    const baseline = await measure('baseline', get('/api/v1/health'));
    const me = await measure('me', get('/api/v1/me', { authorization: `Bearer ${idToken}` }));
    const extraMs = 1000 / me.perSecond - 1000 / baseline.perSecond;
    report('ID-token verification (8 concurrent clients, 3 s each, PGlite)', [
      { name: 'baseline GET /api/v1/health (no auth)', value: `${baseline.perSecond.toFixed(0)} req/s` },
      {
        name: 'GET /api/v1/me (verified token cached, AUTH_CACHE_SECONDS)',
        value: `${me.perSecond.toFixed(0)} req/s`,
      },
      { name: 'ratio me / baseline', value: `${(me.perSecond / baseline.perSecond).toFixed(2)}×` },
      { name: 'added cost per request (server time, 1 core)', value: `${(extraMs * 1000).toFixed(0)} µs` },
    ]);
  } finally {
    await t.close();
  }
}
