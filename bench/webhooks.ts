// `npm run bench webhooks`: the dispatcher's deliveries per second to a local no-op receiver
// against raw `undici.request` signed POSTs at the same concurrency, in the same run (target
// ≥ 0.5×), and event-to-delivery latency at half the measured throughput. Loopback only.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { businesses, events, projects, webhookEndpoints } from '../apps/server/src/db/schema';
import { BUS_CHANNELS } from '../apps/server/src/platform/bus';
import { seal } from '../apps/server/src/platform/crypto/secret-box';
import { newId } from '../apps/server/src/platform/ids';
import { createTestApp } from '../apps/server/src/test/harness';
import { measure, report } from './measure';

const CONCURRENCY = 32;
const THROUGHPUT_EVENTS = 3000;

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
    const signer = new Webhook(secret);
    const body = JSON.stringify({
      type: 'transaction.succeeded',
      timestamp: new Date().toISOString(),
      data: { id: 'txn_1', amount: 1250 },
    });
    const raw = await measure(
      `raw undici.request signed POST (${CONCURRENCY} concurrent)`,
      async () => {
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
            'webhook-signature': signer.sign(id, now, body),
          },
        });
        await res.body.text();
      },
      { seconds: 3, concurrency: CONCURRENCY },
    );
    await agent.close();
    arrivals.clear();

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
        id: newId('evt'),
        projectId: 'prj_bench',
        type: 'transaction.succeeded',
        objectId: 'txn_1',
        data: { id: 'txn_1', amount: 1250 },
        createdAt: new Date(),
      }));
      for (let i = 0; i < rows.length; i += 500) await db.insert(events).values(rows.slice(i, i + 500));
      await t.ctx.database.bus.publish(BUS_CHANNELS.events, { project_id: 'prj_bench' });
      return rows.map((r) => r.id);
    };

    // Throughput: a backlog of events, drained by the dispatcher at the same concurrency.
    await insertEvents(THROUGHPUT_EVENTS);
    const dispatcher = t.webhookDispatcher({
      concurrency: CONCURRENCY,
      perEndpoint: CONCURRENCY,
      pollMs: 200,
    });
    const start = performance.now();
    await dispatcher.start();
    while (arrivals.size < THROUGHPUT_EVENTS) await new Promise((r) => setTimeout(r, 5));
    const perSecond = THROUGHPUT_EVENTS / ((performance.now() - start) / 1000);
    arrivals.clear();

    // Latency at half that load: events written in small batches at a steady rate.
    const rate = Math.max(20, Math.floor(perSecond / 2));
    const born = new Map<string, number>();
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
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
      { name: raw.name, value: `${raw.perSecond.toFixed(0)} /s` },
      {
        name: 'dispatcher: outbox → fan-out → claim → sign → POST → record',
        value: `${perSecond.toFixed(0)} /s`,
      },
      { name: 'ratio dispatcher / raw (target ≥ 0.5×)', value: `${(perSecond / raw.perSecond).toFixed(2)}×` },
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
