import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUS_CHANNELS, inProcessBus } from './bus';
import { coalescedPublisher } from './coalesced-publisher';

afterEach(() => {
  vi.useRealTimers();
});

describe('coalescedPublisher', () => {
  it('sends the first message at once and one merged message per window after it', async () => {
    vi.useFakeTimers();
    const bus = inProcessBus();
    const heard: Record<string, unknown>[] = [];
    bus.subscribe(BUS_CHANNELS.deliveries, (m) => heard.push(m));
    const hints = coalescedPublisher(bus, BUS_CHANNELS.deliveries, {
      windowMs: 250,
      merge: (a) => ({ ...a, id: null }),
    });
    hints.publish('whk_a', { webhook_id: 'whk_a', id: 'dlv_1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([{ webhook_id: 'whk_a', id: 'dlv_1' }]);
    hints.publish('whk_a', { webhook_id: 'whk_a', id: 'dlv_2' });
    hints.publish('whk_a', { webhook_id: 'whk_a', id: 'dlv_3' });
    hints.publish('whk_b', { webhook_id: 'whk_b', id: 'dlv_4' });
    await vi.advanceTimersByTimeAsync(0);
    // Another key is not held back by the first one's window.
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual({ webhook_id: 'whk_b', id: 'dlv_4' });
    await vi.advanceTimersByTimeAsync(250);
    expect(heard[2]).toEqual({ webhook_id: 'whk_a', id: null });
    expect(heard).toHaveLength(3);
    // A quiet key's next message goes at once again.
    await vi.advanceTimersByTimeAsync(250);
    hints.publish('whk_a', { webhook_id: 'whk_a', id: 'dlv_5' });
    await vi.advanceTimersByTimeAsync(0);
    expect(heard.at(-1)).toEqual({ webhook_id: 'whk_a', id: 'dlv_5' });
    await bus.close();
  });

  it('flush sends what is pending at once', async () => {
    vi.useFakeTimers();
    const bus = inProcessBus();
    const heard: Record<string, unknown>[] = [];
    bus.subscribe(BUS_CHANNELS.deliveries, (m) => heard.push(m));
    const hints = coalescedPublisher(bus, BUS_CHANNELS.deliveries, { windowMs: 250, merge: (_a, b) => b });
    hints.publish('k', { n: 1 });
    hints.publish('k', { n: 2 });
    hints.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
    await bus.close();
  });
});
