import type { FastifyInstance } from 'fastify';
import { apiCors } from '../../platform/api-cors';
import { requireCredentials } from '../../platform/auth/auth-hook';
import { meRoutes } from './me';

/** The main API, mounted at /api/v1: for the console (ID token) and for servers (API key). */
export async function mainApi(app: FastifyInstance) {
  await apiCors(app);
  requireCredentials(app);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  meRoutes(app);
}
