import type { FastifyInstance } from 'fastify';
import { apiCors } from '../../platform/api-cors';
import { logMachineRequests } from '../request-log';
import { requireSecondFactorWhereDemanded } from '../second-factor-hook';
import { refuseUnknownQueryParameters } from '../unknown-parameters';
import { requireTerminalCredentials } from './caller';
import { cashierSessionRoutes } from './routes/cashier-sessions';
import { closeRoutes } from './routes/closes';
import { deviceRoutes } from './routes/device';
import { deviceStreamRoutes } from './routes/device-stream';
import { drawerRoutes } from './routes/drawer';
import { terminalItemRoutes } from './routes/items';
import { terminalRoutes } from './routes/terminals';
import { transactionEventRoutes } from './routes/transaction-events';
import { transactionRoutes } from './routes/transactions';

/**
 * The terminal API, mounted at /terminal/v1: fleet management (ID token or API key) and the
 * device side (pairing, heartbeats, transactions with a device token).
 */
export async function terminalApi(app: FastifyInstance) {
  await apiCors(app);
  requireTerminalCredentials(app);
  requireSecondFactorWhereDemanded(app);
  refuseUnknownQueryParameters(app);
  logMachineRequests(app);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  terminalRoutes(app);
  deviceRoutes(app);
  deviceStreamRoutes(app);
  transactionRoutes(app);
  cashierSessionRoutes(app);
  transactionEventRoutes(app);
  closeRoutes(app);
  drawerRoutes(app);
  terminalItemRoutes(app);
}
