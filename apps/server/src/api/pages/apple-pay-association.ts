import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';

export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Apple Pay on the web checks this file on the pay page's domain before the wallet shows
 * (docs/guide/wallets.md). Its content is Stripe's file, configured with
 * APPLE_PAY_DOMAIN_ASSOCIATION_FILE; without it the path is a plain 404.
 */
export function applePayAssociationRoutes(app: FastifyInstance) {
  const association = app.ctx.config.applePayDomainAssociation;
  app.get(APPLE_PAY_ASSOCIATION_PATH, { schema: { hide: true } }, async (_request, reply) => {
    if (!association) throw new AppError('not_found', 'No Apple Pay domain association is configured.');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(association);
  });
}
