import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { cashierSignedIn, pairedTerminal, staffFor } from '../apps/server/src/test/terminal-fixtures';
import { measure, onEachDatabase, report } from './measure';

const CONCURRENCY = 8;

/**
 * A terminal request with a cashier session against the same request without one: checkout
 * creates on a till of a staffed project (its `Cashier-Session` checked on every request) and on
 * a till of a project without staff, measured in alternating rounds in one run. Target ≤ 1.1×.
 */
async function benchOn(kind: 'PGlite' | 'PostgreSQL') {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const plain = await makeTeam(t);
    const plainTill = await pairedTerminal(t, plain);
    const staffed = await makeTeam(t);
    const staffedTill = await pairedTerminal(t, staffed);
    await staffFor(t, staffed, { pin: '2468', role: 'cashier' });
    const { header } = await cashierSignedIn(t, staffedTill.auth, '2468');
    let n = 0;
    const create = (headers: Record<string, string>) => async () => {
      const res = await fetch(`${t.origin}/terminal/v1/transactions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-${n++}` },
        body: JSON.stringify({ amount: 1000 }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`create: ${res.status}`);
    };
    const without = create(plainTill.auth);
    const withSession = create({ ...staffedTill.auth, ...header });
    await measure('warm-up', without, { seconds: 1, concurrency: CONCURRENCY });
    await measure('warm-up', withSession, { seconds: 1, concurrency: CONCURRENCY });
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 3; i++) {
      a.push((await measure('without', without, { seconds: 2, concurrency: CONCURRENCY })).meanMs);
      b.push((await measure('with', withSession, { seconds: 2, concurrency: CONCURRENCY })).meanMs);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    report(`A checkout create with and without a cashier session, on ${kind} (${CONCURRENCY} clients)`, [
      { name: 'baseline: a till of a project without staff', value: `${mean(a).toFixed(2)} ms` },
      {
        name: 'a till with a Cashier-Session header',
        value: `${mean(b).toFixed(2)} ms (${(mean(b) / mean(a)).toFixed(2)}× the baseline; target ≤ 1.1×)`,
      },
    ]);
  } finally {
    await t.close();
  }
}

export async function benchCashierSession() {
  await onEachDatabase(benchOn);
}
