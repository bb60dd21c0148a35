import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countEventStream, type EventStreamKind } from './process-metrics';

export interface EventStream {
  send(event: string, data: unknown): void;
  /** An event with an `id:` the client may send back as `Last-Event-ID` when it reconnects. */
  event(event: string, data: unknown, id: string): void;
  /** The same with `data` already JSON text (one line), sent byte for byte. */
  eventJson(event: string, json: string, id: string): void;
  comment(text: string): void;
  /** Sets the client's `Last-Event-ID` without an event (an `id:` field and a comment). */
  position(id: string, comment: string): void;
  /** Tells the client's EventSource how long to wait before it reconnects. */
  retry(ms: number): void;
  /** Resolves once what was written has left for the client (or the stream closed). */
  drained(): Promise<void>;
  close(): void;
  readonly closed: boolean;
  /** Runs once when the stream ends, whoever ends it (client gone, server done). */
  onClose(fn: () => void): void;
}

// Keyed by the HTTP server (one per app, whatever plugin opened the stream), so a shutdown
// reaches every stream of the process it stops.
const openStreams = new WeakMap<object, Set<EventStream>>();

/** How soon a client whose stream a shutdown ended should reconnect (to another replica). */
const SHUTDOWN_RETRY_MS = 1_000;

/**
 * Ends every open event stream of this server with a reconnect hint: a `retry:` field (the
 * EventSource waits that long, then connects again, to whichever replica answers) and a comment
 * saying why, then the end of the response. A stream never ends by itself, and would
 * otherwise hold a graceful shutdown until its grace period ran out.
 */
export function endEventStreams(server: object) {
  for (const stream of [...(openStreams.get(server) ?? [])]) {
    stream.comment('server shutting down; reconnect');
    stream.retry(SHUTDOWN_RETRY_MS);
    stream.close();
  }
}

/** Ends this server's event streams when it closes (also when a test closes the app). */
export function closeEventStreamsOnShutdown(app: FastifyInstance) {
  app.addHook('preClose', async () => endEventStreams(app.server));
}

/**
 * Takes over the response as a `text/event-stream` (server-sent events). Headers already set
 * on the reply (CORS, request id, security headers) are kept; proxies are told not to buffer.
 * `retryMs` is the reconnection delay the browser's EventSource uses.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { retryMs?: number; kind: EventStreamKind },
): EventStream {
  reply.hijack();
  const uncount = countEventStream(opts.kind);
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders?.();
  let closed = false;
  const closers: (() => void)[] = [];
  const finish = () => {
    if (closed) return;
    closed = true;
    uncount();
    for (const fn of closers.splice(0)) {
      try {
        fn();
      } catch {
        // A cleanup failing must not stop the others.
      }
    }
  };
  request.raw.on('close', finish);
  raw.on('close', finish);
  raw.on('error', finish);
  if (opts.retryMs) raw.write(`retry: ${opts.retryMs}\n\n`);
  const stream: EventStream = {
    send(event, data) {
      if (closed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    event(event, data, id) {
      if (closed) return;
      raw.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    eventJson(event, json, id) {
      if (closed) return;
      raw.write(`id: ${id}\nevent: ${event}\ndata: ${json}\n\n`);
    },
    drained() {
      if (closed || !raw.writableNeedDrain) return Promise.resolve();
      return new Promise<void>((resolve) => {
        raw.once('drain', resolve);
        closers.push(resolve);
      });
    },
    comment(text) {
      if (!closed) raw.write(`: ${text}\n\n`);
    },
    position(id, text) {
      if (!closed) raw.write(`: ${text}\nid: ${id}\n\n`);
    },
    retry(ms) {
      if (!closed) raw.write(`retry: ${Math.round(ms)}\n\n`);
    },
    close() {
      if (!closed) raw.end();
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
  };
  let registry = openStreams.get(request.server.server);
  if (!registry) {
    registry = new Set();
    openStreams.set(request.server.server, registry);
  }
  registry.add(stream);
  closers.push(() => registry.delete(stream));
  return stream;
}
