import type { FastifyInstance } from 'fastify';
import { handleStripeWebhook } from '../../../domain/payments/handle-stripe-webhook';

/**
 * Stripe's webhooks (public: Stripe signs them). Registered in its own plugin so its JSON
 * body stays a string: the signature covers the exact bytes Stripe sent.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/providers/stripe/webhook',
    {
      config: { public: true },
      schema: { tags: ['providers'], summary: "Stripe's webhook events (signed)" },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return handleStripeWebhook(
        app.ctx,
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}
