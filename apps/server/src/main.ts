import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { initSentry } from './platform/sentry';
import { startMaintenance } from './workers/maintenance';
import { reconcileOnStart, startPaymentReconcile } from './workers/payment-reconcile';
import { startPlannerStatistics } from './workers/planner-statistics';
import { startRollups } from './workers/rollups';
import { startTerminalSweeper } from './workers/terminal-sweeper';
import { createWebhookDispatcher } from './workers/webhook-dispatcher';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const onUnexpectedError = await initSentry(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const app = await buildApp({ config, database, now: () => new Date() }, { onUnexpectedError });
  // Before taking requests: finish payments a crash left `processing` (never charging twice).
  await reconcileOnStart(app.ctx, app.log);
  await app.listen({ port: config.port, host: config.host });
  const stopMaintenance = startMaintenance(app.ctx, app.log);
  const stopTerminalSweeper = startTerminalSweeper(app.ctx, app.log);
  const stopPlannerStatistics = startPlannerStatistics(app.ctx, app.log);
  const stopReconcile = startPaymentReconcile(app.ctx, app.log);
  const webhooks = createWebhookDispatcher(app.ctx, { log: app.log });
  await webhooks.start();
  const stopRollups = startRollups(app.ctx, app.log);
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
      mail: config.smtpUrl ? 'SMTP' : 'local outbox (read it with: npm run cli -- mail list)',
    },
    `Scanline is running: open ${config.publicUrl} and create an account`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Stop accepting, let in-flight requests finish, then close the database.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopMaintenance();
    stopTerminalSweeper();
    stopPlannerStatistics();
    stopReconcile();
    await webhooks.stop();
    stopRollups();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
