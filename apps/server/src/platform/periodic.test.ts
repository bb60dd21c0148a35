import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processRegistry } from '../platform/process-metrics';
import { startPeriodic } from './periodic';

const silentLog = () => {
  const errors: unknown[] = [];
  const log = { error: (...args: unknown[]) => errors.push(args) };
  return { log, errors };
};
const runs = async (worker: string, outcome: string) => {
  const metric = await processRegistry.getSingleMetric('scanline_worker_runs_total')!.get();
  return metric.values.find((v) => v.labels.worker === worker && v.labels.outcome === outcome)?.value ?? 0;
};

describe('startPeriodic: every background worker’s clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every interval, never two passes at once, and counts the skipped one', async () => {
    const { log } = silentLog();
    let active = 0;
    let most = 0;
    let finish: () => void = () => {};
    const stop = startPeriodic({
      name: 'test-overlap',
      everyMs: 1_000,
      jitter: 0,
      log,
      run: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        active--;
      },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(active).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(active).toBe(1);
    // Two more intervals while the first pass hangs: both skipped.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(most).toBe(1);
    expect(await runs('test-overlap', 'skipped')).toBe(2);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await runs('test-overlap', 'ok')).toBe(1);
    expect(active).toBe(1);
    finish();
    await stop();
  });

  it('logs and counts a failed pass, and runs the next one', async () => {
    const { log, errors } = silentLog();
    let calls = 0;
    const stop = startPeriodic({
      name: 'test-failure',
      everyMs: 1_000,
      firstAfterMs: 0,
      log,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database went away');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await runs('test-failure', 'failed')).toBe(1);
    // The next pass comes within the interval plus its jitter (10 % by default).
    await vi.advanceTimersByTimeAsync(1_100);
    expect(calls).toBe(2);
    expect(await runs('test-failure', 'ok')).toBe(1);
    await stop();
  });

  it('stop cancels the next pass and resolves only when the running one has ended', async () => {
    const { log } = silentLog();
    let calls = 0;
    let finish: () => void = () => {};
    const stop = startPeriodic({
      name: 'test-stop',
      everyMs: 1_000,
      firstAfterMs: 0,
      log,
      run: () => {
        calls++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
  });

  it('spreads the waits by up to the jitter share of the interval', async () => {
    const { log } = silentLog();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    let calls = 0;
    const stop = startPeriodic({
      name: 'test-jitter',
      everyMs: 1_000,
      jitter: 0.5,
      log,
      run: async () => void calls++,
    });
    await vi.advanceTimersByTimeAsync(1_400);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(1);
    random.mockRestore();
    await stop();
  });

  it('never waits less than the interval, and runs without a log (a throw is only counted)', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    let calls = 0;
    const stop = startPeriodic({
      name: 'test-no-log',
      everyMs: 1_000,
      jitter: 0.5,
      run: async () => {
        calls++;
        throw new Error('reported elsewhere');
      },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(await runs('test-no-log', 'failed')).toBe(2);
    random.mockRestore();
    await stop();
  });
});
