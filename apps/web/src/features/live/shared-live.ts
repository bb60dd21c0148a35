import type { StreamEvent } from '../../lib/event-stream';

/**
 * One live connection per browser and project, shared by its tabs. Browsers
 * allow six HTTP/1.1 connections per host: a stream per tab left the seventh tab's requests
 * queued behind the others' streams. So the tabs of one project elect a leader with the Web
 * Locks API (the lock is held for the leader's life and queued by the others); the leader alone
 * opens the stream and passes every event on through a BroadcastChannel. When the leader
 * closes, the browser hands the lock to the next tab in the queue, which opens the stream and
 * asks every tab to refetch once, for what happened in between.
 */
export interface LiveSource {
  /** Opens the stream for real; the function it returns closes it. */
  open(onEvent: (e: StreamEvent) => void): () => void;
}

type Message = { kind: 'event'; event: StreamEvent } | { kind: 'resync' };

/** The event a tab gets after a handover: refetch what the project's screens show. */
export const RESYNC: StreamEvent = { event: 'resync', data: '{}' };

// A lock granted later than this after asking was held by another tab: a handover.
const HANDOVER_MS = 50;

export function subscribeShared(
  projectId: string,
  source: LiveSource,
  onEvent: (e: StreamEvent) => void,
  opts: { onRole?: (role: 'leader' | 'follower') => void } = {},
): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof BroadcastChannel === 'undefined') {
    opts.onRole?.('leader');
    return source.open(onEvent);
  }
  const name = `scanline-live:${projectId}`;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (m: MessageEvent<Message>) => {
    if (m.data.kind === 'event') onEvent(m.data.event);
    else onEvent(RESYNC);
  };
  const quit = new AbortController();
  let release: (() => void) | undefined;
  let closeStream: (() => void) | undefined;
  const asked = Date.now();
  opts.onRole?.('follower');
  locks
    .request(name, { signal: quit.signal }, async () => {
      if (quit.signal.aborted) return;
      opts.onRole?.('leader');
      if (Date.now() - asked > HANDOVER_MS) {
        channel.postMessage({ kind: 'resync' } satisfies Message);
        onEvent(RESYNC);
      }
      closeStream = source.open((event) => {
        onEvent(event);
        channel.postMessage({ kind: 'event', event } satisfies Message);
      });
      // Held until this tab leaves the project (or closes: the browser releases it then).
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    })
    .catch(() => {
      // Aborted while still queued: this tab left before its turn.
    });
  return () => {
    quit.abort();
    closeStream?.();
    release?.();
    channel.close();
  };
}
