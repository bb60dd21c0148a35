import { BUS_CHANNELS } from '../apps/server/src/platform/bus';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp, type TestApp } from '../apps/server/src/test/harness';
import { makeTerminal, makeTransaction } from '../apps/server/src/test/payment-factories';
import { report } from './measure';

/**
 * What the terminal listens with: `GET /terminal/v1/transactions/{id}/events`, opened before
 * the payment (its first event is the current status, so the stream is live), resolving on
 * the `event: status` whose data says `succeeded`.
 */
async function openStatusStream(
  origin: string,
  key: string,
  id: string,
): Promise<{ succeeded: Promise<number> }> {
  const res = await fetch(`${origin}/terminal/v1/transactions/${id}/events`, {
    headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body) throw new Error(`events stream: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextStatus = async (): Promise<string | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        if (data) return (JSON.parse(data.slice(5)) as { status: string }).status;
        continue;
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  await nextStatus(); // the current status: the stream is open
  // Wrapped in an object: an async function returning a bare promise would wait for it.
  const succeeded = (async () => {
    for (;;) {
      const status = await nextStatus();
      if (status === 'succeeded') {
        const at = performance.now();
        void reader.cancel();
        return at;
      }
      if (status === null) throw new Error('events stream ended before success');
    }
  })();
  return { succeeded };
}

function busListener(t: TestApp) {
  const waiting = new Map<string, { status: string; resolve: (at: number) => void }>();
  const off = t.ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
    const w = waiting.get(String(m.id));
    if (w && m.status === w.status) {
      waiting.delete(String(m.id));
      w.resolve(performance.now());
    }
  });
  return {
    waitFor: (id: string, status: string) =>
      new Promise<number>((resolve) => waiting.set(id, { status, resolve })),
    close: off,
  };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) =>
  `p50 ${percentile(xs, 50).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms`;

/** Pay-to-terminal latency: payment request → the terminal's listener sees `succeeded`. */
export async function benchPayLatency() {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const team = await makeTeam(t);
    const terminal = await makeTerminal(t.ctx.database.db, team.project.id);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 200);

    // Baseline 1: a bare bus publish → receive round trip.
    const bus: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const got = new Promise<number>((resolve) => {
        const off = t.ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
          if (m.id === `bench-${i}`) {
            off();
            resolve(performance.now());
          }
        });
      });
      const start = performance.now();
      await t.ctx.database.bus.publish(BUS_CHANNELS.transactions, {
        project_id: 'bench',
        id: `bench-${i}`,
        status: 'x',
      });
      bus.push((await got) - start);
    }
    // Baseline 2: an HTTP round trip to the same API (no database).
    const http: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await (await fetch(`${t.origin}/mobile/v1/health`)).arrayBuffer();
      http.push(performance.now() - start);
    }

    const keyRes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/api-keys`,
      headers: team.owner.auth,
      payload: { name: 'bench', mode: 'read' },
    });
    const key = (keyRes.json() as { secret: string }).secret;
    const listener = busListener(t);
    const pay: number[] = [];
    const onBus: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const txn = await makeTransaction(t.ctx.database.db, team.project.id, terminal.id);
      const scan = (await (
        await fetch(`${t.origin}/mobile/v1/scans`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: txn.paymentToken }),
        })
      ).json()) as { id: string };
      const seen = listener.waitFor(txn.id, 'succeeded');
      const streamed = await openStatusStream(t.origin, key, txn.id);
      const start = performance.now();
      const res = await fetch(`${t.origin}/mobile/v1/scans/${scan.id}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method: 'pm_card_visa' }),
      });
      await res.arrayBuffer();
      onBus.push((await seen) - start);
      pay.push((await streamed.succeeded) - start);
    }
    listener.close();

    report(`Pay-to-terminal latency, ${rounds} payments one at a time (${t.ctx.database.kind})`, [
      { name: 'baseline: bus publish → receive', value: fmt(bus) },
      { name: 'baseline: HTTP GET /mobile/v1/health', value: fmt(http) },
      { name: 'payment request → change on the bus', value: fmt(onBus) },
      { name: 'payment request → `succeeded` on the terminal events stream', value: fmt(pay) },
      {
        name: 'ratio to the HTTP baseline (p50 / p99)',
        value: `${(percentile(pay, 50) / percentile(http, 50)).toFixed(1)}× / ${(percentile(pay, 99) / percentile(http, 99)).toFixed(1)}×`,
      },
    ]);
  } finally {
    await t.close();
  }
}
