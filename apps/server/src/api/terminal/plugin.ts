import type { FastifyInstance } from 'fastify';
import { apiCors } from '../../platform/api-cors';

/** The terminal API, mounted at /terminal/v1. Its resources arrive with the terminal capability. */
export async function terminalApi(app: FastifyInstance) {
  await apiCors(app);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
}
