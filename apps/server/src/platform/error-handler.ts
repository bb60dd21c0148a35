import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from './errors';

/** Maps any thrown error to the AppError the client sees; unknown errors reveal nothing. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
      message: v.message ?? 'is invalid',
      code: v.keyword,
    }));
    return new AppError('validation_failed', 400, 'The request is not valid.', errors);
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
    return new AppError('validation_failed', 400, 'The request is not valid.', errors);
  }
  const fe = error as FastifyError;
  switch (fe?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 413, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 415, 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 400, 'The request body is not valid JSON.');
  }
  // PostgreSQL refused a value the schemas let through (a NUL byte in text, say): the
  // client's input, not our failure. SQLSTATE class 22 is "data exception".
  const sqlState = pgErrorCode(error);
  if (sqlState?.startsWith('22')) {
    return new AppError(
      'bad_request',
      400,
      'The request contains a value that cannot be stored (e.g. a NUL character).',
    );
  }
  if (fe?.statusCode === 429) return new AppError('rate_limited', 429, 'Too many requests; slow down.');
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('bad_request', fe.statusCode, fe.message);
  }
  return undefined;
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
  return reply
    .status(error.status)
    .type('application/problem+json')
    .send(error.toProblem(String(request.id)));
}

/** Product APIs answer every error as application/problem+json (RFC 9457). */
export function installProblemHandlers(app: FastifyInstance, onUnexpected?: (error: unknown) => void) {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.detail);
      return sendProblem(request, reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    onUnexpected?.(error);
    return sendProblem(
      request,
      reply,
      new AppError(
        'internal_error',
        500,
        `Something went wrong on our side. Quote request id ${request.id}.`,
      ),
    );
  });
  app.setNotFoundHandler((request, reply) => {
    // Page paths belong to the single-page console; everything else is an API 404.
    if (app.serveConsole?.(request, reply)) return reply;
    return sendProblem(
      request,
      reply,
      new AppError('not_found', 404, `No route ${request.method} ${request.url.split('?')[0]}.`),
    );
  });
}
