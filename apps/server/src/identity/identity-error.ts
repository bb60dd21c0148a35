import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../platform/database-unavailable';

/**
 * An error in Google's Identity Toolkit shape. `message` is the service code the firebase
 * SDK maps to a client code (`CODE` or `CODE : detail`, seed §8); nothing else is read.
 */
export class IdentityError extends Error {
  override name = 'IdentityError';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Every identity answer that fails looks like Google's: `{"error":{"code","message","errors"}}`. */
export function installIdentityErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    let status = 500;
    let message = 'INTERNAL_ERROR';
    if (isDatabaseUnavailable(error)) {
      // Google answers an outage 503 UNAVAILABLE; the firebase SDK retries what it can.
      status = 503;
      message = 'UNAVAILABLE';
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (error instanceof IdentityError) {
      status = error.status;
      message = error.message;
    } else if ((error as { statusCode?: number }).statusCode === 413) {
      status = 413;
      message = 'INVALID_ARGUMENT : Request payload is too large';
      reply.header('connection', 'close');
    } else if (typeof (error as { statusCode?: number }).statusCode === 'number') {
      const code = (error as { statusCode: number }).statusCode;
      if (code >= 400 && code < 500) {
        status = 400;
        message = 'INVALID_ARGUMENT';
      }
    }
    if (status === 503)
      request.log.warn({ err: error, failureKind: 'database_unavailable' }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'identity service error');
    const reason = message.split(' : ')[0];
    return reply.status(status).send({
      error: { code: status, message, errors: [{ message, domain: 'global', reason }] },
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: { code: 404, message: `NOT_FOUND : ${request.method} ${request.url.split('?')[0]}`, errors: [] },
    }),
  );
}
