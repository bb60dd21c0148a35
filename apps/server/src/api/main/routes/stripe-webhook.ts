import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { handleStripeWebhook } from '../../../domain/payments/handle-stripe-webhook';

/**
 * Stripe's webhooks (public: Stripe signs them). Registered in its own plugin so its JSON
 * body stays a string: the signature covers the exact bytes Stripe sent.
 */
const stripeWebhookAnswerSchema = z
  .object({
    received: z.literal(true),
    /** Whether the event moved a transaction; `false` for events about nothing of ours or nothing new. */
    handled: z.boolean(),
  })
  .meta({ description: 'The event was received (and, when `handled`, recorded on its transaction).' });

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
      schema: {
        tags: ['providers'],
        summary: "Stripe's webhook events (signed)",
        description:
          'Send as Stripe does: the raw event as `application/json` with its `Stripe-Signature` header. Any other media type is 415; a body that is not a JSON object is 400.',
        response: { 200: stripeWebhookAnswerSchema },
      },
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
