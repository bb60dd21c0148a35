// `npm run bench webhooks`: the dispatcher's deliveries per second to a local no-op receiver
// against raw `undici.request` signed POSTs at the same concurrency, in the same run (target
// ≥ 0.8× on PostgreSQL), and event-to-delivery latency at half the measured throughput. Loopback only.
//
// Both sides warm up first (JIT, connection pools), then run in alternating rounds, and the
// median round is reported: this machine's speed drifts by tens of percent from one second
// to the next, and a single pair of measurements would mostly measure the drift. Each round
// also reports this process's CPU time per send (the receiver's included, on both sides): with
// the dispatcher's own thread the limit, that figure moves less with the neighbours' load.
// Both sides sign with the same function (Node's HMAC), so the ratio is the dispatcher's own cost.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { businesses, projects, webhookEndpoints } from '../apps/server/src/db/schema';
import { recordEvents } from '../apps/server/src/domain/events/record-event';
import { signWebhook, webhookSecretKey } from '../apps/server/src/domain/webhooks/secrets';
import { BUS_CHANNELS } from '../apps/server/src/platform/bus';
import { seal } from '../apps/server/src/platform/crypto/secret-box';
import { newId } from '../apps/server/src/platform/ids';
import { createTestApp } from '../apps/server/src/test/harness';
import { report } from './measure';

const CONCURRENCY = 32;
const ROUNDS = 5;
const RAW_SECONDS = 2;
const BACKLOG = 10_000;
const WARM_UP_BACKLOG = 2_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** This process's CPU time (user and system) since `from`, in microseconds. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

interface Round {
  perSecond: number;
  /** CPU microseconds per send. */
  cpuPerSend: number;
}

export async function benchWebhooks() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
      res.writeHead(200, { 'content-length': '2' });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const t = await createTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  try {
    // Baseline: what a bare client does per delivery — sign, POST, read the answer.
    const agent = new Agent({ connections: CONCURRENCY });
    const key = webhookSecretKey(secret);
    const body = JSON.stringify({
      type: 'transaction.succeeded',
      timestamp: new Date().toISOString(),
      data: { id: 'txn_1', amount: 1250 },
    });
    const rawRound = async (seconds: number): Promise<Round> => {
      const cpu = process.cpuUsage();
      let ops = 0;
      const start = performance.now();
      const deadline = start + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < deadline) {
            const id = newId('evt');
            const now = new Date();
            const res = await request(url, {
              method: 'POST',
              dispatcher: agent,
              body,
              headers: {
                'content-type': 'application/json',
                'webhook-id': id,
                'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
                'webhook-signature': signWebhook(key, { msgId: id, at: now, body }),
              },
            });
            await res.body.text();
            ops++;
          }
        }),
      );
      const perSecond = ops / ((performance.now() - start) / 1000);
      arrivals.clear();
      return { perSecond, cpuPerSend: cpuSince(cpu) / ops };
    };

    const db = t.ctx.database.db;
    const now = new Date(Date.now() - 1000);
    await db
      .insert(businesses)
      .values({ id: 'biz_bench', ownerUid: 'u', name: 'B', country: 'US', defaultCurrency: 'USD' });
    await db.insert(projects).values({
      id: 'prj_bench',
      businessId: 'biz_bench',
      name: 'P',
      timeZone: 'UTC',
      currency: 'USD',
      createdBy: 'u',
    });
    await db.insert(webhookEndpoints).values({
      id: 'whk_bench',
      projectId: 'prj_bench',
      url,
      secretEnc: seal(t.ctx.config, secret),
      createdBy: 'u',
      createdAt: new Date(now.getTime() - 1000),
      updatedAt: now,
    });
    const insertEvents = async (n: number) => {
      const rows = Array.from({ length: n }, () => ({
        projectId: 'prj_bench',
        type: 'transaction.succeeded',
        objectId: 'txn_1',
        data: { id: 'txn_1', amount: 1250 },
        now: new Date(),
      }));
      const ids: string[] = [];
      for (let i = 0; i < rows.length; i += 1000)
        ids.push(...(await recordEvents(db, rows.slice(i, i + 1000))).map((r) => r.id));
      await t.ctx.database.bus.publish(BUS_CHANNELS.events, { project_id: 'prj_bench' });
      return ids;
    };
    const dispatcher = t.webhookDispatcher({
      concurrency: CONCURRENCY,
      perEndpoint: CONCURRENCY,
      pollMs: 200,
    });
    // Throughput: a backlog of events written while the dispatcher is stopped, then drained.
    const dispatcherRound = async (backlog: number): Promise<Round> => {
      await insertEvents(backlog);
      const cpu = process.cpuUsage();
      const start = performance.now();
      await dispatcher.start();
      while (arrivals.size < backlog) await new Promise((r) => setTimeout(r, 2));
      const perSecond = backlog / ((performance.now() - start) / 1000);
      const cpuPerSend = cpuSince(cpu) / backlog;
      await dispatcher.stop();
      arrivals.clear();
      return { perSecond, cpuPerSend };
    };

    await rawRound(1);
    await dispatcherRound(WARM_UP_BACKLOG);
    const rounds: { raw: Round; dispatcher: Round }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const raw = await rawRound(RAW_SECONDS);
      rounds.push({ raw, dispatcher: await dispatcherRound(BACKLOG) });
    }
    await agent.close();
    const ratios = rounds.map((r) => r.dispatcher.perSecond / r.raw.perSecond);
    const cpuRatios = rounds.map((r) => r.raw.cpuPerSend / r.dispatcher.cpuPerSend);
    const mid = rounds[ratios.indexOf(median(ratios))]!;

    // Latency at half that load: events written in small batches at a steady rate.
    const rate = Math.max(20, Math.floor(mid.dispatcher.perSecond / 2));
    const born = new Map<string, number>();
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    await dispatcher.start();
    const until = performance.now() + 3000;
    while (performance.now() < until) {
      const at = performance.now();
      for (const id of await insertEvents(perTick)) born.set(id, at);
      const wait = tickMs - (performance.now() - at);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const deadline = performance.now() + 30_000;
    while (arrivals.size < born.size && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const latencies = [...born]
      .map(([id, at]) => (arrivals.get(id) ?? Number.NaN) - at)
      .filter(Number.isFinite);
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
    await dispatcher.stop();

    report(`Webhook dispatch (${t.ctx.database.kind}, ${CONCURRENCY} concurrent, loopback no-op receiver)`, [
      ...rounds.map((r, i) => ({
        name: `round ${i + 1}: raw signed undici.request / dispatcher`,
        value: `${r.raw.perSecond.toFixed(0)} /s / ${r.dispatcher.perSecond.toFixed(0)} /s = ${ratios[i]!.toFixed(2)}×; CPU ${r.raw.cpuPerSend.toFixed(0)} / ${r.dispatcher.cpuPerSend.toFixed(0)} µs per send = ${cpuRatios[i]!.toFixed(2)}×`,
      })),
      { name: `raw undici.request signed POST (median round)`, value: `${mid.raw.perSecond.toFixed(0)} /s` },
      {
        name: `dispatcher: outbox → fan-out → sign → POST → record (${BACKLOG} backlog)`,
        value: `${mid.dispatcher.perSecond.toFixed(0)} /s`,
      },
      {
        name: 'ratio dispatcher / raw, median round (target ≥ 0.8×)',
        value: `${median(ratios).toFixed(2)}×`,
      },
      {
        name: 'CPU per send, raw / dispatcher, median round',
        value: `${median(cpuRatios).toFixed(2)}×`,
      },
      { name: `event-to-delivery latency at ${rate} events/s: p50`, value: `${pct(50).toFixed(1)} ms` },
      { name: `event-to-delivery latency at ${rate} events/s: p99`, value: `${pct(99).toFixed(1)} ms` },
      { name: 'delivered in the latency run', value: `${latencies.length} of ${born.size}` },
    ]);
  } finally {
    await t.close();
    server.closeAllConnections();
    server.close();
  }
}
