import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { pairedTerminal } from '../apps/server/src/api/terminal/terminal-fixtures';
import { newId, randomBase62 } from '../apps/server/src/platform/ids';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { measure, report } from './measure';

const CONCURRENCY = 8;

// The same rows the API writes for the baseline: the transaction and its outbox event (with its
// fan-out queue row), in one database transaction (the API also writes the idempotency record
// and a history row).
const INSERT_TXN = `insert into transactions (id, project_id, terminal_id, amount, currency, status, payment_token, provider, expires_at)
  values ($1, $2, $3, $4, 'USD', 'pending', $5, 'simulator', now() + interval '15 minutes')`;
const INSERT_EVENT = `with e as (insert into events (id, project_id, type, object_id, data)
  values ($1, $2, 'transaction.created', $3, $4) returning id, project_id)
  insert into event_fanout (event_id, project_id) select id, project_id from e`;

const rowParams = (projectId: string, terminalId: string) => {
  const id = newId('txn');
  return {
    txn: [id, projectId, terminalId, 1000, randomBase62(24)],
    event: [
      newId('evt'),
      projectId,
      id,
      JSON.stringify({ id, amount: 1000, currency: 'USD', status: 'pending' }),
    ],
  };
};

async function benchOn(kind: 'PGlite' | 'PostgreSQL') {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const projectId = team.project.id;
    const terminalId = device.terminal.id;
    let n = 0;
    const viaApi = async () => {
      const res = await fetch(`${t.origin}/terminal/v1/transactions`, {
        method: 'POST',
        headers: { ...device.auth, 'content-type': 'application/json', 'idempotency-key': `bench-${n++}` },
        body: JSON.stringify({ amount: 1000, currency: 'USD' }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`create: ${res.status}`);
    };
    const client = (t.ctx.database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    const raw =
      t.ctx.database.kind === 'postgres'
        ? async () => {
            const c = await (client as pg.Pool).connect();
            try {
              const p = rowParams(projectId, terminalId);
              await c.query('begin');
              await c.query(INSERT_TXN, p.txn);
              await c.query(INSERT_EVENT, p.event);
              await c.query('commit');
            } finally {
              c.release();
            }
          }
        : async () => {
            const p = rowParams(projectId, terminalId);
            await (client as PGlite).transaction(async (tx) => {
              await tx.query(INSERT_TXN, p.txn);
              await tx.query(INSERT_EVENT, p.event);
            });
          };
    await measure('warm-up', viaApi, { seconds: 1, concurrency: CONCURRENCY });
    await measure('warm-up raw', raw, { seconds: 1, concurrency: CONCURRENCY });
    // Alternating rounds, so a change in the machine's load hits both sides alike.
    const rounds = {
      raw: [] as Awaited<ReturnType<typeof measure>>[],
      api: [] as Awaited<ReturnType<typeof measure>>[],
    };
    for (let i = 0; i < 3; i++) {
      rounds.raw.push(await measure('raw', raw, { seconds: 2, concurrency: CONCURRENCY }));
      rounds.api.push(await measure('api', viaApi, { seconds: 2, concurrency: CONCURRENCY }));
    }
    const combine = (rs: Awaited<ReturnType<typeof measure>>[]) => ({
      perSecond: rs.reduce((a, r) => a + r.perSecond, 0) / rs.length,
      meanMs:
        rs.reduce((a, r) => a + r.meanMs * r.ops, 0) /
        Math.max(
          1,
          rs.reduce((a, r) => a + r.ops, 0),
        ),
    });
    const baseline = combine(rounds.raw);
    const api = combine(rounds.api);
    const driver = kind === 'PostgreSQL' ? 'node-postgres' : 'the PGlite client';
    report(`Transaction creates on ${kind} (${CONCURRENCY} concurrent clients)`, [
      {
        name: `baseline: raw ${driver}, transaction + outbox event`,
        value: `${baseline.perSecond.toFixed(0)} /s, ${baseline.meanMs.toFixed(1)} ms`,
      },
      {
        name: 'POST /terminal/v1/transactions (device token)',
        value: `${api.perSecond.toFixed(0)} /s, ${api.meanMs.toFixed(1)} ms (${(api.perSecond / baseline.perSecond).toFixed(2)}× the baseline)`,
      },
    ]);
  } finally {
    await t.close();
  }
}

/** Issue 7: transaction creates per second through the API vs the same rows inserted raw. */
export async function benchTransactionCreate() {
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    await benchOn('PGlite');
  } finally {
    if (url) process.env.DATABASE_URL = url;
  }
  if (url) await benchOn('PostgreSQL');
  else console.log('  (set DATABASE_URL to measure on PostgreSQL too)');
}
