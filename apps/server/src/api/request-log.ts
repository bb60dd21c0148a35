import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestLogBuffer } from '../domain/request-logs/buffer';
import { redactBody } from '../domain/request-logs/redact';
import { newId } from '../platform/ids';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when request logging is off (the benchmark's baseline). */
    requestLogs: RequestLogBuffer | null;
  }
  interface FastifyRequest {
    loggedResponseBody?: unknown;
  }
}

/** Builds the app-wide buffer; flushed on close so a clean shutdown loses nothing. */
export function installRequestLogBuffer(app: FastifyInstance, enabled: boolean) {
  const buffer = enabled
    ? new RequestLogBuffer(app.ctx.database.db, (error) =>
        app.log.warn({ err: error }, 'request log batch dropped'),
      )
    : null;
  app.decorate('requestLogs', buffer);
  app.addHook('onClose', async () => {
    await buffer?.close();
  });
}

const KEY_BEARER = /^Bearer (sl_[A-Za-z0-9]{1,40})_/;
const DEVICE_BEARER = /^Bearer sltd_/;

/** Requests made with an API key or a device token; ID-token traffic (the console) is not logged. */
function machineCredential(request: FastifyRequest): { keyPrefix: string | null } | null {
  const header = request.headers.authorization ?? '';
  const key = KEY_BEARER.exec(header);
  if (key) return { keyPrefix: key[1] ?? null };
  if (DEVICE_BEARER.test(header)) return { keyPrefix: null };
  return null;
}

/**
 * Hooks for one API plugin (main or terminal): note the response body of failures, then append
 * one row per machine request once the answer is sent. Only an array push on the hot path.
 */
export function logMachineRequests(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && app.requestLogs && machineCredential(request)) {
      request.loggedResponseBody = payload;
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const buffer = app.requestLogs;
    if (!buffer || !request.routeOptions.url) return;
    const credential = machineCredential(request);
    if (!credential) return;
    const auth = request.auth?.kind === 'api_key' ? request.auth : null;
    const params = request.params as Record<string, unknown> | undefined;
    const projectId =
      auth?.projectId ??
      request.device?.projectId ??
      (request.routeOptions.url.includes('/projects/:project_id') && typeof params?.project_id === 'string'
        ? params.project_id
        : null);
    const failed = reply.statusCode >= 400;
    const idempotencyKey = request.headers['idempotency-key'];
    buffer.push({
      id: newId('req'),
      projectId,
      method: request.method,
      route: request.routeOptions.url,
      path: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      keyId: auth?.keyId ?? null,
      keyPrefix: credential.keyPrefix,
      terminalId: request.device?.terminalId ?? null,
      ip: request.ip,
      requestId: request.id,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, 255) : null,
      requestBody: failed ? redactBody(request.body) : null,
      responseBody: failed ? redactBody(request.loggedResponseBody) : null,
    });
  });
}
