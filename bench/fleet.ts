// `npm run bench fleet`: 50 paired terminals hold their device streams; a register's
// write key creates 50 checkouts at once, one per terminal. Prints p50/p99 from each create's
// response to the event read on its terminal's stream, beside a baseline measured in the same
// run: a bare NOTIFY → LISTEN round trip through the same pool on PostgreSQL (on PGlite, the
// in-process bus the server uses there). Goal: p99 ≤ 300 ms on loopback.
import pg from 'pg';
import { BUS_CHANNELS } from '../apps/server/src/platform/bus';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp, type TestApp } from '../apps/server/src/test/harness';
import { sseReader } from '../apps/server/src/test/sse-reader';
import { apiKeyFor, pairedTerminal } from '../apps/server/src/test/terminal-fixtures';
import { report } from './measure';

const TERMINALS = 50;
const ROUNDS = 3;
const TARGET_P99_MS = 300;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** The same fan-out with nothing but the change bus: 50 messages at once, each timed to its listener. */
async function busBaseline(t: TestApp): Promise<number[]> {
  const latencies: number[] = [];
  const database = t.ctx.database;
  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const listener = new pg.Client({ connectionString: pool.options.connectionString });
    await listener.connect();
    await listener.query('listen bench_fleet');
    for (let round = 0; round < ROUNDS; round++) {
      const sent = new Map<string, number>();
      const heard = new Promise<void>((resolve) => {
        const onNote = (n: pg.Notification) => {
          const at = sent.get(n.payload ?? '');
          if (at !== undefined) latencies.push(performance.now() - at);
          if (latencies.length === (round + 1) * TERMINALS) {
            listener.off('notification', onNote);
            resolve();
          }
        };
        listener.on('notification', onNote);
      });
      await Promise.all(
        Array.from({ length: TERMINALS }, async (_, i) => {
          const id = `${round}-${i}`;
          sent.set(id, performance.now());
          await pool.query('select pg_notify($1, $2)', ['bench_fleet', id]);
        }),
      );
      await heard;
    }
    await listener.end();
    return latencies;
  }
  for (let round = 0; round < ROUNDS; round++) {
    const sent = new Map<string, number>();
    const heard = new Promise<void>((resolve) => {
      const off = database.bus.subscribe(BUS_CHANNELS.events, (m) => {
        const at = sent.get(String(m.bench));
        if (at !== undefined) latencies.push(performance.now() - at);
        if (latencies.length === (round + 1) * TERMINALS) {
          off();
          resolve();
        }
      });
    });
    await Promise.all(
      Array.from({ length: TERMINALS }, async (_, i) => {
        const id = `${round}-${i}`;
        sent.set(id, performance.now());
        await database.bus.publish(BUS_CHANNELS.events, { bench: id });
      }),
    );
    await heard;
  }
  return latencies;
}

export async function benchFleet() {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const team = await makeTeam(t);
    const key = await apiKeyFor(t, team, 'write');
    const devices = await Promise.all(Array.from({ length: TERMINALS }, () => pairedTerminal(t, team)));
    const streams = await Promise.all(
      devices.map(async (d) => {
        const res = await fetch(`${t.origin}/terminal/v1/stream`, { headers: d.auth });
        if (res.status !== 200) throw new Error(`stream: ${res.status}`);
        const sse = sseReader(res);
        await sse.next(); // retry: the stream is open and listening
        return sse;
      }),
    );

    const fromResponse: number[] = [];
    const fromRequest: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        devices.map(async (d, i) => {
          const start = performance.now();
          const event = streams[i]!.nextEvent().then((m) => ({ at: performance.now(), m }));
          const res = await fetch(`${t.origin}/terminal/v1/transactions`, {
            method: 'POST',
            headers: { ...key, 'content-type': 'application/json', 'idempotency-key': `fleet-${round}-${i}` },
            body: JSON.stringify({
              amount: 100 + i,
              terminal_id: d.terminal.id,
              reference: `bench ${round}`,
            }),
          });
          const answered = performance.now();
          const created = (await res.json()) as { id: string };
          if (res.status !== 201) throw new Error(`create: ${res.status}`);
          const { at, m } = await event;
          if (!m?.data?.includes(created.id)) throw new Error('the stream sent another transaction');
          fromRequest.push(at - start);
          // The event may beat the response (the response and the hint leave at the same time).
          fromResponse.push(Math.max(0, at - answered));
        }),
      );
    }
    for (const s of streams) await s.cancel();
    const baseline = await busBaseline(t);

    const p99 = percentile(fromResponse, 99);
    report(
      `Fleet on ${t.ctx.database.kind}: ${TERMINALS} terminals on their device streams, ${TERMINALS} checkouts at once × ${ROUNDS}`,
      [
        {
          name: `baseline: bare ${t.ctx.database.kind === 'postgres' ? 'NOTIFY → LISTEN' : 'bus publish → subscribe'}, p50 / p99`,
          value: `${ms(percentile(baseline, 50))} / ${ms(percentile(baseline, 99))}`,
        },
        {
          name: 'create response → event on the stream, p50 / p99',
          value: `${ms(percentile(fromResponse, 50))} / ${ms(p99)} (target p99 ≤ ${TARGET_P99_MS} ms) ${p99 <= TARGET_P99_MS ? 'OK' : 'MISSED'}`,
        },
        {
          name: 'create request → event on the stream, p50 / p99',
          value: `${ms(percentile(fromRequest, 50))} / ${ms(percentile(fromRequest, 99))}`,
        },
      ],
    );
  } finally {
    await t.close();
  }
}
