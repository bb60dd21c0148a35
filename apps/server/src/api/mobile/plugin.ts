import type { FastifyInstance } from 'fastify';

/** The mobile API, mounted at /mobile/v1. */
export async function mobileApi(app: FastifyInstance) {
  app.get('/health', async () => ({ status: 'ok' }));
}
