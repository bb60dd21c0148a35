import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** JSON nesting a request body may have; no API of ours needs more than a handful. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` opens more than `max` arrays/objects inside each other. One pass over the
 * characters, skipping strings, that stops at the first level too deep: a 50,000-deep body is
 * refused after 65 brackets instead of being parsed (V8's JSON.parse would build it whole).
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype poisoning refused) behind
 * the depth check. An empty body is no body (`curl -X POST -H 'Content-Type:
 * application/json'` sends one; `http/optional-body.ts` gives such routes `{}`). Body size is Fastify's: refused at `Content-Length` before reading, and
 * counted as a body without one streams in (`bodyLimit` per route).
 */
export function installJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    if (jsonTooDeep(body as string)) {
      // statusCode too: the identity service's handler reads that (its answer: INVALID_ARGUMENT).
      const error = Object.assign(
        new AppError('bad_request', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        { statusCode: 400 },
      );
      done(error, undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

// How much of an unwanted body is read (and dropped) after the answer, and for how long.
const LINGER_BYTES = 256 * 1024;
const LINGER_MS = 1_000;

/**
 * Closing a socket that still has unread bytes makes the kernel send a reset, which can destroy
 * the answer before the client read it (a 413 the client never sees). Instead: send the answer
 * and our end of the connection, then read and drop what the client still sends (up to 256 KB,
 * then no more), and close after 1 s (Apache's "lingering close"; enough for what was already in flight).
 */
function lingerOnClose(socket: Socket | null | undefined) {
  if (!socket || (socket as { lingering?: boolean }).lingering) return;
  (socket as { lingering?: boolean }).lingering = true;
  socket.destroySoon = () => {
    const start = socket.bytesRead;
    const stop = () => socket.destroy();
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // Past the cap, stop reading rather than close: TCP holds the client back, and the reset
    // comes only when the timer closes the socket, long after the answer was read.
    socket.on('data', () => {
      if (socket.bytesRead - start > LINGER_BYTES) socket.pause();
    });
    socket.end();
    socket.resume();
  };
}

/**
 * Bodies over the route's limit are refused before anything reads them: at
 * `Content-Length`, first thing, ahead of authentication; bodies without one are counted as
 * they stream in by Fastify's parser. Any answer given before the body was read whole closes the
 * connection, so Node does not read (and discard) the rest to reach a next request.
 */
export function refuseOversizedBodies(app: FastifyInstance, defaultLimit: number) {
  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (!(declared > 0)) return;
    const limit = request.routeOptions.bodyLimit ?? defaultLimit;
    if (declared <= limit) return;
    reply.header('connection', 'close');
    // statusCode too: the identity service's handler reads that (its answer: 413 INVALID_ARGUMENT).
    throw Object.assign(
      new AppError('payload_too_large', `The request body is too large (at most ${limit} bytes here).`),
      { statusCode: 413 },
    );
  });
  app.addHook('onSend', async (request, reply) => {
    // `=== false`: injected requests (tests) have no such flag.
    if (request.raw.complete !== false) return;
    if (!reply.hasHeader('connection')) reply.header('connection', 'close');
    lingerOnClose(request.raw.socket);
  });
}
