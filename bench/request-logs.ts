import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { measure, report } from './measure';

/**
 * The API-key read with request logging on vs off, in the same app and run.
 * Rounds interleave (1 s each, 4 times, summed) because this machine's load drifts.
 */
export async function benchRequestLogs() {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const team = await makeTeam(t);
    const base = `${t.origin}/api/v1/projects/${team.project.id}`;
    const key = await (
      await fetch(`${base}/api-keys`, {
        method: 'POST',
        headers: { ...team.owner.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', mode: 'read' }),
      })
    ).json();
    const read = async () => {
      const res = await fetch(base, { headers: { authorization: `Bearer ${key.secret}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${base}: ${res.status}`);
    };
    const buffer = t.app.requestLogs;
    await measure('warm-up', read, { seconds: 1 });
    const sums = { on: 0, off: 0 };
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      t.app.requestLogs = null;
      sums.off += (await measure('off', read, { seconds: 1 })).perSecond;
      t.app.requestLogs = buffer;
      sums.on += (await measure('on', read, { seconds: 1 })).perSecond;
      await buffer?.flush();
    }
    report(`Request logs on ${t.ctx.database.kind} (target: ≤ 10% loss)`, [
      {
        name: 'GET /projects/{id} with an API key, logging off',
        value: `${(sums.off / rounds).toFixed(0)} req/s`,
      },
      {
        name: 'GET /projects/{id} with an API key, logging on',
        value: `${(sums.on / rounds).toFixed(0)} req/s (${(sums.on / sums.off).toFixed(2)}×), dropped ${buffer?.dropped ?? 0}`,
      },
    ]);
  } finally {
    await t.close();
  }
}
