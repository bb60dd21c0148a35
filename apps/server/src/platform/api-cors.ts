import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Product APIs answer cross-origin calls only from configured origins (the console's own is always one). */
export async function apiCors(app: FastifyInstance) {
  await app.register(cors, {
    origin: app.ctx.config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'cashier-session',
      // Event streams resume from it when they reconnect (the console's reader sends it).
      'last-event-id',
      'sentry-trace',
      'baggage',
    ],
    exposedHeaders: ['x-request-id'],
    maxAge: 3600,
  });
}
