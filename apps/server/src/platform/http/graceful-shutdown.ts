import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { shuttingDown } from '../database-unavailable';
import { sendProblem } from '../error-handler';
import { endEventStreams } from '../sse';

// The identity service answers in Google's shape, whatever happens (docs/develop/conventions.md#errors).
const IDENTITY_PATHS = /^\/(?:identitytoolkit|securetoken)\.googleapis\.com\//;

interface Drain {
  /** A shutdown began: `/readyz` answers 503 so a load balancer stops sending new requests. */
  unready: boolean;
  draining: boolean;
  sockets: Set<Socket>;
  /** Sockets with a request whose response has not finished: the only ones a shutdown waits for. */
  busy: Map<Socket, IncomingMessage>;
}

const drains = new WeakMap<FastifyInstance, Drain>();

/**
 * Tracks this app's connections so a shutdown can tell in-flight requests (waited for, body
 * still streaming included) from idle keep-alive sockets and half-sent headers (closed at once: a slow client must not hold
 * a shutdown), and answers requests that arrive while draining with
 * `503 shutting_down` and `Connection: close`. Call before any other hook is added.
 */
export function installShutdownGuard(app: FastifyInstance) {
  const drain: Drain = { unready: false, draining: false, sockets: new Set(), busy: new Map() };
  drains.set(app, drain);
  const server: Server = app.server;
  server.on('connection', (socket: Socket) => {
    drain.sockets.add(socket);
    socket.once('close', () => {
      drain.sockets.delete(socket);
      drain.busy.delete(socket);
    });
  });
  // Before Fastify's own listener: the socket is busy from the moment its request is parsed.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    drain.busy.set(socket, req);
    res.once('close', () => {
      drain.busy.delete(socket);
      // Finished while draining: nothing more will come on this socket.
      if (drain.draining) socket.destroySoon?.();
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!drain.draining) return;
    reply.header('connection', 'close');
    if (IDENTITY_PATHS.test(request.url)) {
      reply.header('retry-after', '2');
      return reply.status(503).send({
        error: {
          code: 503,
          message: 'UNAVAILABLE',
          errors: [{ message: 'UNAVAILABLE', domain: 'global', reason: 'UNAVAILABLE' }],
        },
      });
    }
    return sendProblem(request, reply, shuttingDown());
  });
}

/** Whether this app has begun to shut down (requests get 503 shutting_down). */
export const isDraining = (app: FastifyInstance) => drains.get(app)?.draining === true;

/** Whether `/readyz` must say 503: a shutdown began, even while requests are still served. */
export const isUnready = (app: FastifyInstance) => {
  const drain = drains.get(app);
  return drain ? drain.unready || drain.draining : false;
};

/**
 * The first step of a shutdown behind a load balancer: `/readyz` answers 503 while
 * everything else is still served, for `delayMs`, so the balancer's health check takes this
 * replica out of rotation before its listener closes and no request is refused on the way.
 */
export async function stopTakingTraffic(app: FastifyInstance, delayMs: number) {
  const drain = drains.get(app);
  if (drain) drain.unready = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
}

/**
 * The HTTP half of a graceful shutdown: stop accepting, close idle and half-open sockets at
 * once, end event streams with a reconnect hint, let requests in flight finish for up to
 * `graceMs`, then close whatever is left. Resolves when the server is closed.
 */
export async function drainHttp(app: FastifyInstance, graceMs: number): Promise<{ forced: number }> {
  const drain = drains.get(app);
  if (!drain) {
    await app.close();
    return { forced: 0 };
  }
  drain.draining = true;
  const closed = app.close();
  // Idle keep-alive sockets, and sockets whose request headers have not arrived whole (slowloris):
  // no request exists yet, so nothing is lost by closing them now. A request whose headers arrived
  // is in flight even while its body is still coming: it gets the grace period like any other.
  for (const socket of drain.sockets) {
    if (!drain.busy.has(socket)) socket.destroy();
  }
  endEventStreams(app.server);
  let forced = 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      forced = drain.sockets.size;
      for (const socket of drain.sockets) socket.destroy();
      resolve();
    }, graceMs);
    timer.unref();
  });
  await Promise.race([closed, late]);
  clearTimeout(timer);
  await closed;
  return { forced };
}
