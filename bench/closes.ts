// `npm run bench closes [-- --payments 100000] [--closes 1000]`: closes at scale, on
// the database DATABASE_URL names (PGlite without it).
// 1. One terminal with N succeeded payments (and 1 refund in 20) in its open period: the time of
//    POST …/closes over HTTP, against a same-run baseline, a bare `count(*), sum(amount)` of the
//    same rows (the least any close must read), and the X report.
// 2. `verify` over M closes of another terminal (5 payments each): against reading the same
//    closes and their payments' sums in one query.
// Default N = 20,000 so it runs in about a minute on 2 shared cores; the size is
// `--payments 100000`. Figures from a run are in docs/develop/benchmarks.md.
import { sql } from 'drizzle-orm';
import { makeClose } from '../apps/server/src/domain/books/make-close';
import { verifyCloses } from '../apps/server/src/domain/books/verify-closes';
import type { Db } from '../apps/server/src/platform/db';
import { rowsOf } from '../apps/server/src/platform/sql-rows';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { makeTerminal } from '../apps/server/src/test/payment-factories';
import { intArg } from './args';
import { latencyRound, report } from './measure';

/** N succeeded payments on one terminal between `from` and `to`, 1 in 20 refunded in part, in bulk. */
export async function seedPayments(
  db: Db,
  projectId: string,
  terminalId: string,
  n: number,
  from: Date,
  to: Date,
) {
  const span = to.getTime() - from.getTime();
  await db.execute(sql`
    insert into transactions (id, project_id, terminal_id, amount, currency, status, source, payment_token, provider,
      card_brand, card_last4, tax_rate, fee, amount_refunded, expires_at, succeeded_at, created_at, updated_at)
    select 'txn_bench' || ${terminalId} || g, ${projectId}, ${terminalId}, 100 + (g * 37) % 9900, 'EUR',
      case when g % 20 = 0 then 'partially_refunded' else 'succeeded' end, 'terminal',
      md5(${terminalId} || g::text) || md5(g::text), 'simulator',
      (array['visa','mastercard','amex'])[1 + g % 3], lpad((g % 10000)::text, 4, '0'),
      case when g % 4 = 0 then 7 else 19 end, 25, case when g % 20 = 0 then 50 else 0 end,
      ts + interval '15 minutes', ts, ts, ts
    from generate_series(1, ${n}) g,
      lateral (select ${from}::timestamptz + (${span}::bigint * g / (${n} + 1)) * interval '1 millisecond' as ts) t`);
  await db.execute(sql`
    insert into refunds (id, project_id, transaction_id, amount, currency, status, created_by, succeeded_at, created_at, updated_at)
    select 'rfd_bench' || t.id, t.project_id, t.id, 50, 'EUR', 'succeeded', 'bench',
      t.succeeded_at + interval '1 millisecond', t.succeeded_at, t.succeeded_at
    from transactions t where t.terminal_id = ${terminalId} and t.status = 'partially_refunded'`);
  await db.execute(sql`analyze transactions`);
  await db.execute(sql`analyze refunds`);
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export async function benchCloses() {
  const payments = intArg('payments', 20_000, 100);
  const closeCount = intArg('closes', 1_000, 1);
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const db = t.ctx.database.db;
    const team = await makeTeam(t);
    const projectId = team.project.id;
    const now = Date.now();

    // 1. One big close.
    const big = await makeTerminal(db, projectId, { label: 'Big till' });
    const seeded = await timed(() =>
      seedPayments(db, projectId, big.id, payments, new Date(now - 86_400_000), new Date(now - 1000)),
    );
    const headers = { authorization: team.owner.auth.authorization };
    const url = `${t.origin}/terminal/v1/projects/${projectId}/terminals/${big.id}/closes`;
    // In turns, the median of 5: one sample of a 100,000-row read is at the machine's mercy.
    const [baseline, x] = await latencyRound(
      [
        () =>
          rowsOf(
            db,
            sql`select count(*), sum(amount) from transactions where terminal_id = ${big.id} and succeeded_at is not null`,
          ),
        () => fetch(`${url}/current`, { headers }).then((r) => r.json()),
      ],
      { runs: 5, warmups: 1 },
    );
    const close = await timed(() =>
      fetch(url, { method: 'POST', headers }).then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    if (close.value.status !== 201) throw new Error(`close answered ${close.value.status}`);
    const totals = close.value.body.totals[0];
    if (totals.payments_count !== payments)
      throw new Error(`close counted ${totals.payments_count} of ${payments}`);

    // 2. verify over many closes, in a project of their own so verify reads only them.
    const chainTeam = await makeTeam(t);
    const chainProject = chainTeam.project.id;
    const chain = await makeTerminal(db, chainProject, { label: 'Chain till' });
    const start = now - 30 * 86_400_000;
    const step = 60_000;
    await seedPayments(
      db,
      chainProject,
      chain.id,
      closeCount * 5,
      new Date(start),
      new Date(start + closeCount * step),
    );
    const made = await timed(async () => {
      for (let i = 1; i <= closeCount; i++) {
        await makeClose(db, {
          projectId: chainProject,
          terminalId: chain.id,
          closedBy: { kind: 'schedule', id: null, label: 'bench' },
          now: () => new Date(start + i * step),
        });
      }
    });
    const [readBaseline, verified] = await latencyRound(
      [
        () =>
          rowsOf(
            db,
            sql`select c.id, c.hash, (select sum(amount) from transactions t where t.terminal_id = c.terminal_id
              and t.succeeded_at < c.closed_at and t.succeeded_at >= c.opened_at) from closes c where c.terminal_id = ${chain.id}`,
          ),
        async () => {
          const result = await verifyCloses(db, { projectId: chainProject });
          if (!result.ok) throw new Error(`verify failed: ${JSON.stringify(result.first_broken)}`);
          if (result.checked !== closeCount) throw new Error(`verify checked ${result.checked}`);
        },
      ],
      { runs: 5, warmups: 1 },
    );
    report(`Closes, ${t.ctx.database.kind}`, [
      {
        name: `seed ${payments.toLocaleString('en-US')} payments (bulk SQL)`,
        value: `${(seeded.ms / 1000).toFixed(1)} s`,
      },
      {
        name: 'baseline: count(*), sum(amount) of those rows (p50)',
        value: `${baseline!.p50.toFixed(1)} ms`,
      },
      {
        name: 'X report (GET …/closes/current, HTTP, p50)',
        value: `${x!.p50.toFixed(1)} ms (${(x!.p50 / baseline!.p50).toFixed(1)}× baseline)`,
      },
      {
        name: 'close (POST …/closes, HTTP, one transaction)',
        value: `${close.ms.toFixed(1)} ms (${(close.ms / baseline!.p50).toFixed(1)}× baseline)`,
      },
      {
        name: `make ${closeCount.toLocaleString('en-US')} closes of 5 payments`,
        value: `${(made.ms / 1000).toFixed(1)} s (${(made.ms / closeCount).toFixed(1)} ms each)`,
      },
      {
        name: `baseline: read ${closeCount.toLocaleString('en-US')} closes + their sums (p50)`,
        value: `${readBaseline!.p50.toFixed(1)} ms`,
      },
      {
        name: `verify ${closeCount.toLocaleString('en-US')} closes (chain + totals, p50)`,
        value: `${verified!.p50.toFixed(0)} ms (${(verified!.p50 / readBaseline!.p50).toFixed(1)}× baseline)`,
      },
    ]);
  } finally {
    await t.close();
  }
}
