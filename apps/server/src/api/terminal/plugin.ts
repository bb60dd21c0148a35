import type { FastifyInstance } from 'fastify';

/** The terminal API, mounted at /terminal/v1. */
export async function terminalApi(app: FastifyInstance) {
  app.get('/health', async () => ({ status: 'ok' }));
}
