import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './platform/config';
import { checkSecretsKey } from './platform/crypto/key-check';
import { openDatabase } from './platform/db';
import { drainHttp, stopTakingTraffic } from './platform/http/graceful-shutdown';
import { migrateWhenReachable } from './platform/migrate-when-reachable';
import { initSentry } from './platform/sentry';
import { reconcileOnStart } from './workers/payment-reconcile';

const WORKERS_GRACE_MS = 1_000;
/** How long closing the workers and the database may take after the grace period. */
const BACKSTOP_MS = 1_500;

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

/**
 * The last thing a start prints: where everything is. On a terminal a short block a person
 * reads; in JSON logs one line with the same facts.
 */
function announceReady(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: Config,
  kind: 'pglite' | 'postgres',
) {
  const base = config.publicUrl.replace(/\/$/, '');
  const data =
    kind === 'pglite'
      ? `${path.join(config.dataDir, 'pglite')} (embedded PGlite)`
      : 'PostgreSQL (DATABASE_URL)';
  const mail = config.smtpUrl
    ? 'sent through SMTP_URL'
    : 'kept in the local outbox: npm run cli -- mail list';
  if (config.logFormat === 'pretty') {
    console.log(
      [
        '',
        'Scanline is ready',
        `  Console        ${base}/`,
        `  Web terminal   ${base}/terminal`,
        `  API reference  ${base}/api/v1/docs`,
        `  Data           ${data}`,
        `  Email          ${mail}`,
        '',
      ].join('\n'),
    );
    return;
  }
  app.log.info(
    { console: `${base}/`, terminal: `${base}/terminal`, api_reference: `${base}/api/v1/docs`, data, mail },
    `Scanline is ready: open ${base}/`,
  );
}

/**
 * On PGlite every statement shares one connection and this thread: the first requests after a
 * start (a load balancer's /readyz, the console reloading) go before the workers' catch-up
 * passes (the webhook backlog, the dashboard rollups), which were a quarter of a second of a
 * restart. The workers' code loads then too. PostgreSQL starts them at once.
 */
function startWorkersSoon(app: Awaited<ReturnType<typeof buildApp>>, kind: 'pglite' | 'postgres') {
  let timer: NodeJS.Timeout | undefined;
  const started = new Promise<() => Promise<void>>((resolve) => {
    timer = setTimeout(
      () => {
        timer = undefined;
        resolve(import('./workers/start-workers').then(({ startWorkers }) => startWorkers(app.ctx, app.log)));
      },
      kind === 'pglite' ? WORKERS_GRACE_MS : 0,
    );
  });
  started.catch((error) => app.log.error({ err: error }, 'background workers failed to start'));
  return {
    async stop() {
      // Not started yet: they never will be.
      if (timer) return clearTimeout(timer);
      const stop = await started.catch(() => undefined);
      await stop?.();
    },
  };
}

async function main() {
  const config = readConfig();
  const onUnexpectedError = await initSentry(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    replicaUrls: config.replicas.urls,
    replicaMaxLagSeconds: config.replicas.maxLagSeconds,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateWhenReachable(() => database.migrate(), { log: (line) => console.error(line) });
  // A replica that cannot decrypt what the database holds refuses to start.
  const keyCheck = await checkSecretsKey({ config, database }).catch(async (error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    await database.close().catch(() => {});
    process.exit(78); // EX_CONFIG
  });
  const app = await buildApp({ config, database, now: () => new Date() }, { onUnexpectedError });
  // Before taking requests: finish payments a crash left `processing` (never charging twice).
  await reconcileOnStart(app.ctx, app.log);
  // The ready block at the end says where it listens, with the other addresses.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `listening on ${address}`,
  });
  announceReady(app, config, database.kind);
  const workers = startWorkersSoon(app, database.kind);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const graceMs = config.http.shutdownGraceSeconds * 1000;
    app.log.info(
      {
        signal,
        grace_seconds: config.http.shutdownGraceSeconds,
        delay_seconds: config.http.shutdownDelaySeconds,
      },
      'shutting down: finishing requests in flight',
    );
    // A backstop only: closing the workers or the database hanging past the grace period. Short,
    // so SHUTDOWN_GRACE_SECONDS=8 means gone within 10 s, an orchestrator's kill timeout.
    const backstop = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, graceMs + BACKSTOP_MS);
    backstop.unref();
    // Behind a load balancer: /readyz says 503 while requests are still served, so its health
    // check takes this replica out before the listener closes (SHUTDOWN_DELAY_SECONDS, part of
    // the grace period).
    const delayMs = config.http.shutdownDelaySeconds * 1000;
    await stopTakingTraffic(app, delayMs);
    // Stop accepting; idle and half-sent sockets close now, event streams end with a reconnect
    // hint, requests in flight get the rest of the grace period; the workers stop alongside
    // (releasing their webhook leases), then the database.
    const restMs = Math.max(0, graceMs - delayMs);
    const [{ forced }] = await Promise.all([drainHttp(app, restMs), stopWithin(workers.stop(), restMs)]);
    if (forced > 0) app.log.warn({ forced }, 'grace period over: closed connections still in flight');
    await keyCheck.unregister().catch(() => {});
    await database.close().catch((error) => app.log.warn({ err: error }, 'closing the database failed'));
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Waits for `work`, but no longer than `ms` (a send stuck on a slow webhook receiver). */
async function stopWithin(work: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

await main();
