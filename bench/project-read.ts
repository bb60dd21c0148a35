import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { apiKeyFor } from '../apps/server/src/test/terminal-fixtures';
import { measure, onEachDatabase, report } from './measure';

const CONCURRENCY = 8;
const ROUNDS = 3;

/**
 * A project read (`GET /api/v1/projects/:id`) with an API key and with an ID token, against
 * `GET /api/v1/health` (no credential, no database) in the same run, measured in alternating
 * rounds so load on the machine falls on each alike. Target: each ≥ 1.0× health's throughput on
 * PostgreSQL — a read whose credential and project are already known costs no query.
 */
async function benchOn(kind: 'PGlite' | 'PostgreSQL') {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const team = await makeTeam(t);
    const key = await apiKeyFor(t, team, 'read');
    const get = (path: string, headers: Record<string, string>) => async () => {
      const res = await fetch(`${t.origin}${path}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
    };
    const project = `/api/v1/projects/${team.project.id}`;
    const calls = {
      health: get('/api/v1/health', {}),
      apiKey: get(project, key),
      idToken: get(project, team.owner.auth),
    };
    for (const call of Object.values(calls))
      await measure('warm-up', call, { seconds: 1, concurrency: CONCURRENCY });
    const rates = { health: [] as number[], apiKey: [] as number[], idToken: [] as number[] };
    for (let i = 0; i < ROUNDS; i++)
      for (const [name, call] of Object.entries(calls) as [keyof typeof calls, () => Promise<void>][])
        rates[name].push((await measure(name, call, { seconds: 2, concurrency: CONCURRENCY })).perSecond);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const health = mean(rates.health);
    const row = (name: string, xs: number[]) => ({
      name,
      value: `${mean(xs).toFixed(0)} req/s (${(mean(xs) / health).toFixed(2)}× health; target ≥ 1.0×)`,
    });
    report(`A project read with an API key and with an ID token, on ${kind} (${CONCURRENCY} clients)`, [
      { name: 'baseline: GET /api/v1/health', value: `${health.toFixed(0)} req/s` },
      row('GET /api/v1/projects/:id with an API key', rates.apiKey),
      row('GET /api/v1/projects/:id with an ID token', rates.idToken),
    ]);
  } finally {
    await t.close();
  }
}

export async function benchProjectRead() {
  await onEachDatabase(benchOn);
}
