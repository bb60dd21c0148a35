import type { FastifyInstance } from 'fastify';
import { apiCors } from '../../platform/api-cors';

/** The mobile API, mounted at /mobile/v1. Its resources arrive with the mobile capability. */
export async function mobileApi(app: FastifyInstance) {
  await apiCors(app);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
}
