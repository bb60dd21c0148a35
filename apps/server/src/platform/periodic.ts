import { countWorkerRun } from './process-metrics';

/** What the runner logs to: a Fastify or pino logger fits; domain code hands in a small adapter. */
export interface PeriodicLog {
  error(obj: { err: unknown; worker: string }, msg: string): void;
}

export interface PeriodicWorker {
  /** The worker's name in logs and in `scanline_worker_runs_total{worker}`. */
  name: string;
  everyMs: number;
  /** The first pass, this long after start (default: one interval). `0` runs one at once. */
  firstAfterMs?: number;
  /**
   * Each wait is stretched by up to this share of `everyMs` (default 0.1), so replicas started
   * together do not all hit the database in the same second.
   */
  jitter?: number;
  /** Absent: a throw is only counted (for passes that report their own failures). */
  log?: PeriodicLog;
  /** One pass. A throw is logged at error and counted; the next pass still runs. */
  run: () => Promise<void>;
}

/**
 * Every periodic background job's clock (workers, the request-log flush, presence and replica
 * heartbeats, replica lag polls): one pass at a time (a pass still running when the next is
 * due is skipped and counted), errors logged and counted, timers that never keep the process
 * alive. The returned stop cancels the next pass and resolves once a running one has ended,
 * so a shutdown never closes the database under a pass
 * (docs/operate/availability.md#shutting-down).
 */
export function startPeriodic(worker: PeriodicWorker): () => Promise<void> {
  const { name, everyMs, log, run } = worker;
  const jitter = worker.jitter ?? 0.1;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const pass = async () => {
    const started = performance.now();
    try {
      await run();
      countWorkerRun(name, 'ok', (performance.now() - started) / 1000);
    } catch (error) {
      countWorkerRun(name, 'failed', (performance.now() - started) / 1000);
      log?.error({ err: error, worker: name }, `${name} failed`);
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    if (stopped) return;
    if (running) countWorkerRun(name, 'skipped');
    else running = pass().finally(() => (running = null));
    schedule(everyMs + Math.random() * jitter * everyMs);
  };
  const first = worker.firstAfterMs ?? everyMs;
  if (first === 0) tick();
  else schedule(first + Math.random() * jitter * everyMs);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
