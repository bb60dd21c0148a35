// A server-sent-events reader over fetch, so it can send an Authorization header (the
// browser's EventSource cannot). Shared by the console's live hook and the web terminal.
// Seed §9: reconnect after the server's `retry` (3 s), backing off to 30 s while it fails.
// As the browser's EventSource does, the last `id:` seen (even without an event) is sent back
// as `Last-Event-ID` on each reconnection, so a stream a replica ended on shutdown resumes on
// another replica from where it was.

export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

export interface EventStreamOptions {
  url: string;
  /** Called before each (re)connection, so a fresh token is used every time. */
  headers: () => Promise<Record<string, string>> | Record<string, string>;
  /** Return `'stop'` to close the stream for good (e.g. a final status was seen). */
  onEvent: (event: StreamEvent) => undefined | 'stop';
  /** A 4xx that retrying cannot fix (401, 403, 404). The stream stops. */
  onFatal?: (status: number) => void;
  /** Connection state, for an "reconnecting…" hint. */
  onState?: (state: 'open' | 'reconnecting') => void;
  /** When the server closes the stream without being told to stop: reconnect (default) or not. */
  reconnectOnEnd?: boolean;
}

const MAX_DELAY_MS = 30_000;

/** Opens the stream and keeps it open until the returned function is called. */
export function openEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController();
  let retryMs = 3000;
  let failures = 0;
  let lastEventId: string | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    controller.abort();
  };

  const connectOnce = async (): Promise<'ended' | 'stop' | 'failed'> => {
    let res: Response;
    try {
      res = await fetch(options.url, {
        headers: {
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          ...(await options.headers()),
        },
        signal: controller.signal,
        cache: 'no-store',
      });
    } catch {
      return 'failed';
    }
    if (!res.ok || !res.body) {
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        options.onFatal?.(res.status);
        return 'stop';
      }
      return 'failed';
    }
    failures = 0;
    options.onState?.('open');
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let event = 'message';
    let data: string[] = [];
    let id: string | undefined;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        buffer += value;
        let nl = buffer.search(/\r?\n/);
        while (nl >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + (buffer[nl] === '\r' ? 2 : 1));
          nl = buffer.search(/\r?\n/);
          if (line === '') {
            if (data.length) {
              if (options.onEvent({ event, data: data.join('\n'), id }) === 'stop') {
                stop();
                return 'stop';
              }
            }
            event = 'message';
            data = [];
            continue;
          }
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = val;
          else if (field === 'data') data.push(val);
          else if (field === 'id' && !val.includes('\0')) {
            id = val;
            lastEventId = val;
          } else if (field === 'retry' && /^\d+$/.test(val)) retryMs = Number(val);
        }
      }
    } catch {
      return 'failed';
    }
  };

  void (async () => {
    while (!stopped) {
      const outcome = await connectOnce();
      if (stopped || outcome === 'stop') return;
      if (outcome === 'ended' && options.reconnectOnEnd === false) return;
      if (outcome === 'failed') failures += 1;
      options.onState?.('reconnecting');
      const delay = Math.min(MAX_DELAY_MS, retryMs * 2 ** Math.max(0, failures - 1));
      await new Promise((r) => setTimeout(r, delay));
    }
  })();
  return stop;
}
