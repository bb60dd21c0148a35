import type { Bus, BusChannel } from './bus';

type Message = Record<string, unknown>;

/**
 * Publishes on the change bus at most twice per key per window: the first message at once,
 * and, if more came meanwhile, one merged message when the window ends. A busy endpoint's
 * thousands of deliveries a second become a few hints a second, and still a quiet one's
 * single delivery is heard at once (each NOTIFY is a round trip on PostgreSQL).
 */
export function coalescedPublisher(
  bus: Bus,
  channel: BusChannel,
  opts: { windowMs: number; merge: (a: Message, b: Message) => Message },
) {
  const windows = new Map<string, { pending: Message | null; timer: NodeJS.Timeout }>();
  const send = (message: Message) => void bus.publish(channel, message).catch(() => {});
  const close = (key: string) => {
    const w = windows.get(key);
    if (!w) return;
    windows.delete(key);
    clearTimeout(w.timer);
    if (w.pending) send(w.pending);
  };
  return {
    publish(key: string, message: Message) {
      const w = windows.get(key);
      if (w) {
        w.pending = w.pending ? opts.merge(w.pending, message) : message;
        return;
      }
      send(message);
      const timer = setTimeout(() => close(key), opts.windowMs);
      timer.unref();
      windows.set(key, { pending: null, timer });
    },
    /** Sends every pending message now (on shutdown). */
    flush() {
      for (const key of [...windows.keys()]) close(key);
    },
  };
}
