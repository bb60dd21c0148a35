import type { FastifyInstance } from 'fastify';

/** The main API, mounted at /api/v1. */
export async function mainApi(app: FastifyInstance) {
  app.get('/health', async () => ({ status: 'ok' }));
}
