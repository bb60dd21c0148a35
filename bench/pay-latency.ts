import { BUS_CHANNELS } from '../apps/server/src/platform/bus';
import { makeTeam } from '../apps/server/src/test/factories';
import { createTestApp, type TestApp } from '../apps/server/src/test/harness';
import { makeTerminal, makeTransaction } from '../apps/server/src/test/payment-factories';
import { report } from './measure';

/**
 * What the terminal listens with. Today: the change bus the terminal's events stream is fed
 * from. When `GET /terminal/v1/transactions/{id}/events` lands, add an SSE listener here
 * (open the stream before paying, resolve on the `event: status` whose data says `succeeded`)
 * and pass it to `payToTerminal` instead: nothing else changes.
 */
interface StatusListener {
  /** Resolves with performance.now() when `id` is seen with `status`. */
  waitFor(id: string, status: string): Promise<number>;
  close(): void;
}

function busListener(t: TestApp): StatusListener {
  const waiting = new Map<string, { status: string; resolve: (at: number) => void }>();
  const off = t.ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
    const w = waiting.get(String(m.id));
    if (w && m.status === w.status) {
      waiting.delete(String(m.id));
      w.resolve(performance.now());
    }
  });
  return {
    waitFor: (id, status) => new Promise((resolve) => waiting.set(id, { status, resolve })),
    close: off,
  };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) =>
  `p50 ${percentile(xs, 50).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms`;

/** Pay-to-terminal latency (issue 7): payment request → the terminal's listener sees `succeeded`. */
export async function benchPayLatency() {
  const t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
  try {
    const team = await makeTeam(t);
    const terminal = await makeTerminal(t.ctx.database.db, team.project.id);
    const rounds = 200;

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

    const listener = busListener(t);
    const pay: number[] = [];
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
      const start = performance.now();
      const res = await fetch(`${t.origin}/mobile/v1/scans/${scan.id}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method: 'pm_card_visa' }),
      });
      await res.arrayBuffer();
      pay.push((await seen) - start);
    }
    listener.close();

    report(`Pay-to-terminal latency, ${rounds} payments one at a time (${t.ctx.database.kind})`, [
      { name: 'baseline: bus publish → receive', value: fmt(bus) },
      { name: 'baseline: HTTP GET /mobile/v1/health', value: fmt(http) },
      { name: 'payment request → terminal sees succeeded', value: fmt(pay) },
      {
        name: 'ratio to the HTTP baseline (p50 / p99)',
        value: `${(percentile(pay, 50) / percentile(http, 50)).toFixed(1)}× / ${(percentile(pay, 99) / percentile(http, 99)).toFixed(1)}×`,
      },
    ]);
  } finally {
    await t.close();
  }
}
