import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguages } from '../../platform/i18n/recipient-locale';
import type { SessionRequest } from '../sessions/session-request';

export type Body = Record<string, unknown>;

/**
 * Registers one Identity Toolkit endpoint. `path` is Google's, e.g. `v1/accounts:signUp`;
 * the colon is escaped for Fastify's router. The SDK posts JSON and ignores fields it does
 * not know, so bodies are read leniently and each handler checks what it needs.
 */
export function identityRoute(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  handler: (body: Body, request: FastifyRequest) => Promise<unknown>,
) {
  app.route({
    method,
    url: `/${path.replace(/:/g, '::')}`,
    // Identity calls are small; a large body is abuse, not a sign-in.
    bodyLimit: 64 * 1024,
    handler: async (request) => {
      const body = request.body && typeof request.body === 'object' ? (request.body as Body) : {};
      return handler(body, request);
    },
  });
}

export const sessionRequest = (request: FastifyRequest): SessionRequest => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  languages: requestLanguages(request.headers),
});

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
