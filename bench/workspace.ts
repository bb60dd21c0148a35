import { memberships } from '../apps/server/src/db/schema';
import { createUser } from '../apps/server/src/identity/users/create-user';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { measure, report } from './measure';

/** API-key authentication per request, and the members list of a 1,000-member project. */
export async function benchWorkspace() {
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
    const get = (url: string, headers: Record<string, string>) => async () => {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
    };
    await measure('warm-up', get(`${t.origin}/api/v1/health`, {}), { seconds: 1 });
    // Interleaved rounds (health, key, token, 1 s each, 4 times), summed: this machine's load
    // drifts within a run, and one baseline taken first made the ratios swing.
    const sums = { health: 0, key: 0, token: 0 };
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      sums.health += (
        await measure('health', get(`${t.origin}/api/v1/health`, {}), { seconds: 1 })
      ).perSecond;
      sums.key += (
        await measure('key', get(base, { authorization: `Bearer ${key.secret}` }), { seconds: 1 })
      ).perSecond;
      sums.token += (await measure('token', get(base, team.owner.auth), { seconds: 1 })).perSecond;
    }
    const health = { perSecond: sums.health / rounds };
    const withKey = { perSecond: sums.key / rounds };
    const withToken = { perSecond: sums.token / rounds };

    const now = new Date();
    for (let i = 0; i < 1000; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          createUser(
            t.ctx.database.db,
            { email: `m${i + j}@bench.test`, displayName: `Member ${i + j}` },
            now,
          ),
        ),
      );
      await t.ctx.database.db.insert(memberships).values(
        batch.map((u) => ({
          projectId: team.project.id,
          uid: u.uid,
          email: u.email,
          role: 'member' as const,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const page = await measure('members page', get(`${base}/members?limit=100`, team.owner.auth), {
      concurrency: 4,
    });
    const first = await measure('project read', get(base, team.owner.auth), { concurrency: 4 });
    report(`Workspace API on ${t.ctx.database.kind} (target: ID-token read ≥ 0.7× health on PostgreSQL)`, [
      {
        name: 'baseline GET /api/v1/health (4 interleaved rounds)',
        value: `${health.perSecond.toFixed(0)} req/s`,
      },
      {
        name: 'GET /projects/{id} with an API key',
        value: `${withKey.perSecond.toFixed(0)} req/s (${(withKey.perSecond / health.perSecond).toFixed(2)}×)`,
      },
      {
        name: 'GET /projects/{id} with an ID token',
        value: `${withToken.perSecond.toFixed(0)} req/s (${(withToken.perSecond / health.perSecond).toFixed(2)}×)`,
      },
      {
        name: 'GET /projects/{id} (baseline for the list, 4 clients)',
        value: `${first.perSecond.toFixed(0)} req/s, ${first.meanMs.toFixed(1)} ms`,
      },
      {
        name: 'GET …/members?limit=100 at 1,003 members',
        value: `${page.perSecond.toFixed(0)} req/s, ${page.meanMs.toFixed(1)} ms (${(page.meanMs / first.meanMs).toFixed(1)}× a project read)`,
      },
    ]);
  } finally {
    await t.close();
  }
}
