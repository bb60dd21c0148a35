import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency/idempotency';
import { sendTerminalAlerts } from '../domain/terminals/offline-alerts';
import { sweepOfflineTerminals } from '../domain/terminals/sweep-offline-terminals';
import { expireDueTransactions } from '../domain/transactions/expire-transactions';
import type { AppContext } from '../platform/context';
import { startPeriodic } from '../platform/periodic';

const EVERY_MS = 5_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * One pass of the payment core's clock-driven changes: terminals with no heartbeat for
 * TERMINAL_OFFLINE_AFTER_SECONDS go offline, payment codes past 15 minutes expire. Each is a
 * guarded, SKIP LOCKED batch, so any number of replicas may sweep at once and every change
 * (and its event) happens exactly once. Tests call this with the injectable clock.
 */
export async function sweepTerminalsOnce(ctx: AppContext) {
  const now = ctx.now();
  const offline = await sweepOfflineTerminals(ctx.database, {
    now,
    offlineAfterSeconds: ctx.config.terminalOfflineAfterSeconds,
  });
  const expired = await expireDueTransactions(ctx.database, { now });
  return { offline, expired };
}

/**
 * Runs the sweep and the offline alerts every 5 s (and purges idempotency keys past 24 h hourly);
 * returns the stop function.
 */
export function startTerminalSweeper(ctx: AppContext, log: FastifyBaseLogger) {
  let lastPurge = 0;
  return startPeriodic({
    name: 'terminal-sweeper',
    everyMs: EVERY_MS,
    // Offline and expiry times are promised to the second: no stretching.
    jitter: 0,
    log,
    run: async () => {
      const { offline, expired } = await sweepTerminalsOnce(ctx);
      const alerts = await sendTerminalAlerts(ctx);
      if (offline.length || expired.length || alerts.offline || alerts.online) {
        log.info({ offline: offline.length, expired: expired.length, alerts }, 'terminal sweep');
      }
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeExpiredIdempotencyKeys(ctx.database.db, ctx.now());
      }
    },
  });
}
