import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { newId, randomBase62 } from '../apps/server/src/platform/ids';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/harness';
import { apiKeyFor, pairedTerminal } from '../apps/server/src/test/terminal-fixtures';
import { measure, onEachDatabase, report } from './measure';

const CONCURRENCY = 8;

// The baseline: a bare Fastify route running the statements the API runs, with
// the same driver, in one database transaction — the idempotency row (with its stored answer),
// then the transaction, its first history row and its outbox event (with its fan-out queue
// row) — and nothing else: no authentication, no validation, no request log.
const INSERT_KEY = `insert into idempotency_keys (project_id, scope, key, request_hash, state, response_status, response_body, created_at, expires_at)
  values ($1, $2, $3, $4, 'done', 201, $5::jsonb, now(), now() + interval '24 hours')
  on conflict (project_id, scope, key) do nothing returning key`;
const INSERT_TXN = `with txn as (
    insert into transactions (id, project_id, terminal_id, amount, currency, status, source, payment_token, provider,
      amount_refunded, expires_at)
    values ($1, $2, $3, $4, 'USD', 'pending', 'terminal', $5, 'simulator', 0, now() + interval '15 minutes')
    returning id
  ), history as (
    insert into transaction_status_changes (project_id, transaction_id, from_status, to_status, reason)
    select $2, id, null, 'pending', 'created' from txn
  ), event as (
    insert into events (id, project_id, type, object_id, data)
    select $6, $2, 'transaction.created', id, $7::jsonb from txn
    returning id, project_id, created_at
  )
  insert into event_fanout (event_id, event_created_at, project_id) select id, created_at, project_id from event`;

const rowParams = (projectId: string, terminalId: string, key: string, amount: number) => {
  const id = newId('txn');
  const body = JSON.stringify({ id, amount, currency: 'USD', status: 'pending' });
  return {
    key: [projectId, terminalId, key, randomBase62(43), body],
    txn: [id, projectId, terminalId, amount, randomBase62(24), newId('evt'), body],
  };
};

type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** The bare route: parse the JSON body, run the statements in one transaction, answer 201. */
async function bareRoute(
  client: pg.Pool | PGlite,
  kind: 'postgres' | 'pglite',
  projectId: string,
  terminalId: string,
) {
  const inTransaction = async (work: (query: Query) => Promise<void>) => {
    if (kind === 'pglite') {
      await (client as PGlite).transaction((tx) => work((text, params) => tx.query(text, params)));
      return;
    }
    const c = await (client as pg.Pool).connect();
    try {
      await c.query('begin');
      await work((text, params) => c.query(text, params));
      await c.query('commit');
    } catch (error) {
      await c.query('rollback').catch(() => {});
      throw error;
    } finally {
      c.release();
    }
  };
  const app = Fastify({ logger: false });
  app.post('/transactions', async (request, reply) => {
    const body = request.body as { amount: number };
    const key = request.headers['idempotency-key'] as string;
    const p = rowParams(projectId, terminalId, key, body.amount);
    await inTransaction(async (query) => {
      await query(INSERT_KEY, p.key);
      await query(INSERT_TXN, p.txn);
    });
    return reply.status(201).send({ id: p.txn[0], amount: body.amount, status: 'pending' });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${address.port}` };
}

async function benchOn(kind: 'PGlite' | 'PostgreSQL') {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  let bare: { app: FastifyInstance; origin: string } | undefined;
  try {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const projectId = team.project.id;
    const terminalId = device.terminal.id;
    let n = 0;
    const post =
      (url: string, headers: Record<string, string>, extra: Record<string, string> = {}) =>
      async () => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-${n++}` },
          body: JSON.stringify({ amount: 1000, currency: 'USD', ...extra }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`create: ${res.status}`);
      };
    const viaApi = post(`${t.origin}/terminal/v1/transactions`, device.auth);
    // A register's server: a write API key naming the terminal.
    const viaKey = post(`${t.origin}/terminal/v1/transactions`, await apiKeyFor(t, team, 'write'), {
      terminal_id: terminalId,
    });
    const client = (t.ctx.database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    bare = await bareRoute(
      client,
      t.ctx.database.kind === 'postgres' ? 'postgres' : 'pglite',
      projectId,
      terminalId,
    );
    const raw = post(`${bare.origin}/transactions`, {});
    await measure('warm-up', viaApi, { seconds: 1, concurrency: CONCURRENCY });
    await measure('warm-up key', viaKey, { seconds: 1, concurrency: CONCURRENCY });
    await measure('warm-up raw', raw, { seconds: 1, concurrency: CONCURRENCY });
    // Alternating rounds, so a change in the machine's load hits both sides alike.
    const rounds = {
      raw: [] as Awaited<ReturnType<typeof measure>>[],
      api: [] as Awaited<ReturnType<typeof measure>>[],
      key: [] as Awaited<ReturnType<typeof measure>>[],
    };
    for (let i = 0; i < 3; i++) {
      rounds.raw.push(await measure('raw', raw, { seconds: 2, concurrency: CONCURRENCY }));
      rounds.api.push(await measure('api', viaApi, { seconds: 2, concurrency: CONCURRENCY }));
      rounds.key.push(await measure('key', viaKey, { seconds: 2, concurrency: CONCURRENCY }));
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
    const key = combine(rounds.key);
    const driver = kind === 'PostgreSQL' ? 'node-postgres' : 'the PGlite client';
    report(`Transaction creates on ${kind} (${CONCURRENCY} concurrent clients)`, [
      {
        name: `baseline: bare Fastify route, ${driver}, same inserts`,
        value: `${baseline.perSecond.toFixed(0)} /s, ${baseline.meanMs.toFixed(1)} ms`,
      },
      {
        name: 'POST /terminal/v1/transactions (device token)',
        value: `${api.perSecond.toFixed(0)} /s, ${api.meanMs.toFixed(1)} ms (${(api.perSecond / baseline.perSecond).toFixed(2)}× the baseline)`,
      },
      {
        name: 'POST /terminal/v1/transactions (write API key)',
        value: `${key.perSecond.toFixed(0)} /s, ${key.meanMs.toFixed(1)} ms (${(key.perSecond / baseline.perSecond).toFixed(2)}× the baseline)`,
      },
    ]);
  } finally {
    await bare?.app.close();
    await t.close();
  }
}

/** / 18 §5: transaction creates per second through the API vs a bare route writing the same rows. */
export async function benchTransactionCreate() {
  await onEachDatabase(benchOn);
}
