import type { FastifyInstance } from 'fastify';
import { authenticateApiKey } from '../../domain/api-keys/authenticate-api-key';
import { apiCors } from '../../platform/api-cors';
import { requireCredentials } from '../../platform/auth/auth-hook';
import { logMachineRequests } from '../../platform/request-log';
import { requireSecondFactorWhereDemanded } from '../second-factor-hook';
import { meRoutes } from './me';
import { apiKeyRoutes } from './routes/api-keys';
import { businessRoutes } from './routes/businesses';
import { dashboardRoutes } from './routes/dashboard';
import { demoProjectRoutes } from './routes/demo-projects';
import { eventRoutes } from './routes/events';
import { exportRoutes } from './routes/exports';
import { liveRoutes } from './routes/live';
import { projectRoutes } from './routes/projects';
import { recoveryCodeRoutes } from './routes/recovery-codes';
import { requestLogRoutes } from './routes/request-logs';
import { scanRoutes } from './routes/scans';
import { sessionRoutes } from './routes/sessions';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { teamRoutes } from './routes/team';
import { transactionRoutes } from './routes/transactions';
import { webhookRoutes } from './routes/webhooks';

/** The main API, mounted at /api/v1: for the console (ID token) and for servers (API key). */
export async function mainApi(app: FastifyInstance) {
  await apiCors(app);
  requireCredentials(app, authenticateApiKey);
  requireSecondFactorWhereDemanded(app);
  logMachineRequests(app);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  meRoutes(app);
  recoveryCodeRoutes(app);
  sessionRoutes(app);
  businessRoutes(app);
  projectRoutes(app);
  teamRoutes(app);
  apiKeyRoutes(app);
  liveRoutes(app);
  transactionRoutes(app);
  scanRoutes(app);
  eventRoutes(app);
  requestLogRoutes(app);
  await app.register(stripeWebhookRoutes);
  webhookRoutes(app);
  dashboardRoutes(app);
  demoProjectRoutes(app);
  exportRoutes(app);
}
