import type { FastifyInstance } from 'fastify';
import { apiCors } from '../../platform/api-cors';
import { refuseUnknownQueryParameters } from '../unknown-parameters';
import { mobileScanRoutes } from './routes/scans';
import { mobileStickerRoutes } from './routes/stickers';

/** The mobile API, mounted at /mobile/v1. Its resources arrive with the mobile capability. */
export async function mobileApi(app: FastifyInstance) {
  await apiCors(app);
  refuseUnknownQueryParameters(app);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  // No sign-in on this API: every route is `config: { public: true }` and rate limited.
  mobileScanRoutes(app);
  mobileStickerRoutes(app);
}
