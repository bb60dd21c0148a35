import type { FastifyInstance } from 'fastify';
import { getPublicJwks } from '../keys/key-store';

/** Public keys and discovery, so any JWT library can verify our ID tokens. */
export function wellKnownRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return getPublicJwks(ctx);
  });
  app.get('/.well-known/openid-configuration', async () => ({
    issuer: ctx.config.auth.issuer,
    jwks_uri: `${ctx.config.publicUrl}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    response_types_supported: ['id_token'],
  }));
}
