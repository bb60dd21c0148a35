import { Counter, Gauge, Registry } from 'prom-client';

/**
 * Counters and gauges the domain moves as things happen, kept per process: the
 * `/metrics` route adds them to its answer, with the process's `instance` label, so several
 * replicas sum up in Prometheus. Domain code calls the small functions below and knows
 * nothing of prom-client.
 */
export const processRegistry = new Registry();

const webhookAttempts = new Counter({
  name: 'scanline_webhook_attempts_total',
  help: 'Webhook delivery attempts by result: success (2xx), http_error (another status), network_error (no answer).',
  labelNames: ['result'],
  registers: [processRegistry],
});
for (const result of ['success', 'http_error', 'network_error']) webhookAttempts.inc({ result }, 0);

const payments = new Counter({
  name: 'scanline_payments_total',
  help: 'Payment outcomes recorded, by outcome (succeeded, declined, failed, requires_action) and provider.',
  labelNames: ['outcome', 'provider'],
  registers: [processRegistry],
});

export type EventStreamKind = 'console_live' | 'device' | 'events' | 'transaction';
const eventStreams = new Gauge({
  name: 'scanline_event_streams',
  help: 'Server-sent event streams open in this process, by kind.',
  labelNames: ['kind'],
  registers: [processRegistry],
});
for (const kind of ['console_live', 'device', 'events', 'transaction']) eventStreams.set({ kind }, 0);

export function countWebhookAttempt(httpStatus: number | null) {
  webhookAttempts.inc({
    result:
      httpStatus === null
        ? 'network_error'
        : httpStatus >= 200 && httpStatus < 300
          ? 'success'
          : 'http_error',
  });
}

export function countPayment(outcome: string, provider: string) {
  payments.inc({ outcome, provider });
}

/** An event stream opened; the returned function closes its count (call it once). */
export function countEventStream(kind: EventStreamKind): () => void {
  eventStreams.inc({ kind });
  let open = true;
  return () => {
    if (open) eventStreams.dec({ kind });
    open = false;
  };
}

const dbQueries = new Counter({
  name: 'scanline_db_queries_total',
  help: 'Statements sent to PostgreSQL by this process, by target: primary, or a read replica.',
  labelNames: ['target'],
  registers: [processRegistry],
});
for (const target of ['primary', 'replica']) dbQueries.inc({ target }, 0);

const replicaLag = new Gauge({
  name: 'scanline_db_replica_lag_seconds',
  help: 'How far each read replica is behind the primary, as last polled (+Inf while it does not answer).',
  labelNames: ['replica'],
  registers: [processRegistry],
});

export function countDbQuery(target: 'primary' | 'replica') {
  dbQueries.inc({ target });
}

export function setReplicaLag(replica: string, seconds: number) {
  replicaLag.set({ replica }, seconds);
}

const workerRuns = new Counter({
  name: 'scanline_worker_runs_total',
  help: 'Background worker passes by worker and outcome: ok, failed, or skipped (the previous pass was still running).',
  labelNames: ['worker', 'outcome'],
  registers: [processRegistry],
});
const workerSeconds = new Counter({
  name: 'scanline_worker_seconds_total',
  help: 'Time spent in background worker passes, by worker.',
  labelNames: ['worker'],
  registers: [processRegistry],
});

export function countWorkerRun(worker: string, outcome: 'ok' | 'failed' | 'skipped', seconds = 0) {
  workerRuns.inc({ worker, outcome });
  if (seconds > 0) workerSeconds.inc({ worker }, seconds);
}
