import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@scanline/contracts';
import { fieldProblems, fieldProblemsFromIssue } from '@scanline/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ZodError } from 'zod';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './database-unavailable';
import { AppError } from './errors';

/** The problem's detail: the field errors in one sentence, for clients that show only that. */
function summarize(errors: { field: string; message: string }[]): string {
  const first = errors[0];
  if (!first) return 'The request is not valid.';
  const named = first.field ? `${first.field}: ${first.message}` : first.message;
  return errors.length === 1 ? named : `${named} (and ${errors.length - 1} more)`;
}

/** Maps any thrown error to the AppError the client sees; unknown errors reveal nothing. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = error.validationContext === 'querystring' ? 'query' : error.validationContext;
    const errors = error.validation.flatMap((v) =>
      fieldProblemsFromIssue({
        ...(v.params as object),
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }).map((p) => ({ ...p, path: [location, p.field].filter(Boolean).join('.') })),
    );
    return new AppError('validation_failed', summarize(errors), errors);
  }
  if (error instanceof ZodError) {
    const errors = fieldProblems(error.issues).map((p) => ({ ...p, path: p.field }));
    return new AppError('validation_failed', summarize(errors), errors);
  }
  const fe = error as FastifyError;
  switch (fe?.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uri_too_long', 'A path segment of the URL is too long.');
    case 'FST_ERR_BAD_URL':
      return new AppError('bad_request', 'The URL is not valid.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 'The request body is not valid JSON.');
  }
  // PostgreSQL refused a value the schemas let through (a NUL byte in text, say): the
  // client's input, not our failure. SQLSTATE class 22 is "data exception".
  const sqlState = pgErrorCode(error);
  if (sqlState?.startsWith('22')) {
    return new AppError(
      'bad_request',
      'The request contains a value that cannot be stored (e.g. a NUL character).',
    );
  }
  if (fe?.statusCode === 429) return new AppError('rate_limited', 'Too many requests; slow down.');
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError(codeForStatus(fe.statusCode), fe.message);
  }
  return undefined;
}

/** A framework's 4xx as our code (the code decides the status); one we have no code for is a 400. */
function codeForStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    404: 'not_found',
    405: 'method_not_allowed',
    408: 'request_timeout',
    413: 'payload_too_large',
    414: 'uri_too_long',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    431: 'headers_too_large',
  };
  return codes[status] ?? 'bad_request';
}

/** The SQLSTATE of a database error, also when Drizzle wrapped it (DrizzleQueryError.cause). */
function pgErrorCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  // A 503 is temporary by definition: say when to come back (RFC 9110 §10.2.3).
  if (error.status === 503 && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply
    .status(error.status)
    .type('application/problem+json')
    .send(error.toProblem(String(request.id)));
}

/**
 * Fastify's `frameworkErrors` option: errors found while routing (an over-long path parameter,
 * a malformed URL) before any hook runs. Without it Fastify answers plain JSON.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = toAppError(error) ?? new AppError('bad_request', 'The request is not valid.');
  // No hook ran for this request: set what the onRequest hooks would have.
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  return sendProblem(request, reply, known);
}

/**
 * Node's parser reports one overflow for the request line and the headers together: when what it
 * read starts a request whose first line has not ended within 8 KiB, the URL is what is too long
 * (414, not 431).
 */
function requestLineTooLong(error: NodeJS.ErrnoException): boolean {
  const raw = (error as { rawPacket?: Buffer }).rawPacket;
  if (!raw || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return false;
  const end = raw.indexOf('\r\n');
  return end === -1 || end > 8192;
}

/**
 * `clientError` of the HTTP server: requests Node's parser rejects (header overflow, a broken
 * request line, a timeout). Fastify's default answers plain JSON; ours is a problem too.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const overflow = error.code === 'HPE_HEADER_OVERFLOW';
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : overflow && requestLineTooLong(error)
        ? 414
        : overflow
          ? 431
          : 400;
  const detail =
    status === 408
      ? 'The request took too long to arrive.'
      : status === 414
        ? 'The URL is too long.'
        : status === 431
          ? 'The request headers are too large.'
          : 'The request is not valid HTTP.';
  const body = JSON.stringify(new AppError(codeForStatus(status), detail).toProblem());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Routes by path, whatever the method, so an unknown method on a known path answers 405 with
 * `Allow` (RFC 9110 §15.5.6) instead of 404. Fastify's own router does not expose that question.
 */
function methodIndex(app: FastifyInstance) {
  // Built on the first unknown route, not at boot: a second router of every route cost a
  // tenth of a second on each start, and most processes never need it.
  const routes: [HTTPMethod, string][] = [];
  let router: ReturnType<typeof FindMyWay> | undefined;
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    for (const raw of methods) if (route.url) routes.push([raw.toUpperCase() as HTTPMethod, route.url]);
    router = undefined;
  });
  const build = () => {
    const built = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 1000 });
    const noop = () => {};
    const seen = new Set<string>();
    for (const [method, url] of routes) {
      const key = `${method} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      built.on(method, url, noop);
    }
    return built;
  };
  const candidates = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  return (url: string): string[] => {
    const path = url.split('?')[0] ?? '/';
    router ??= build();
    const found = router;
    try {
      return candidates.filter((m) => found.find(m, path) !== null);
    } catch {
      return [];
    }
  };
}

/** Product APIs answer every error as application/problem+json (RFC 9457). */
export function installProblemHandlers(app: FastifyInstance, onUnexpected?: (error: unknown) => void) {
  const allowedMethods = methodIndex(app);
  app.setErrorHandler((error, request, reply) => {
    // The database away is an outage, not a bug: 503 with Retry-After, one warn line per
    // interval however many requests meet it, never a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, failureKind: 'database_unavailable' }, 'database unavailable');
      return sendProblem(request, reply, databaseUnavailable());
    }
    const known = toAppError(error);
    if (known) {
      // The client is still sending the rest of a body too large: close rather than read it.
      if (known.status === 413) reply.header('connection', 'close');
      if (known.status >= 500)
        request.log.error({ err: error, failureKind: `app_error ${known.code}` }, known.detail);
      return sendProblem(request, reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    onUnexpected?.(error);
    return sendProblem(
      request,
      reply,
      new AppError('internal_error', `Something went wrong on our side. Quote request id ${request.id}.`),
    );
  });
  app.setNotFoundHandler((request, reply) => {
    // Page paths belong to the single-page console; everything else is an API 404.
    if (app.serveConsole?.(request, reply)) return reply;
    const allowed = allowedMethods(request.url).filter((m) => m !== 'OPTIONS');
    // A route that takes this method but found nothing (a missing file under /assets/*) is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        request,
        reply,
        new AppError(
          'method_not_allowed',
          `${request.method} is not allowed here; use ${allowed.join(', ')}.`,
        ),
      );
    }
    return sendProblem(
      request,
      reply,
      new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
    );
  });
}
