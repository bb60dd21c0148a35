import type { FastifyInstance } from 'fastify';
import { authenticateRequest, type CredentialVerifiers } from './authenticate';

/** Every route of an API plugin needs a credential unless it is marked `config: { public: true }`. */
export function requireCredentials(app: FastifyInstance, verifiers: CredentialVerifiers) {
  app.addHook('onRequest', async (request) => {
    // Unknown routes fall through to the 404 answer; public ones need nothing.
    if (!request.routeOptions.url || request.routeOptions.config?.public) return;
    request.auth = await authenticateRequest(app.ctx, request, verifiers);
  });
}
