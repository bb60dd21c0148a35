import type { FastifyBaseLogger } from 'fastify';
import { runDuePayouts } from '../domain/books/run-payouts';
import { runScheduledCloses } from '../domain/books/run-scheduled-closes';
import type { AppContext } from '../platform/context';
import { startPeriodic } from '../platform/periodic';

const EVERY_MS = 60_000;

/**
 * The books' clock: once a minute, the scheduled closes due at each project's
 * `daily_close_time`, and the payouts due at each project's `payout_time`. Stateless and guarded
 * per terminal (see runScheduledCloses), so several replicas may run it.
 */
export function startBooks(ctx: AppContext, log: FastifyBaseLogger) {
  return startPeriodic({
    name: 'books',
    everyMs: EVERY_MS,
    log,
    run: async () => {
      const closes = await runScheduledCloses(ctx, log);
      if (closes) log.info({ closes }, 'scheduled closes made');
      const payouts = await runDuePayouts(ctx);
      if (payouts.length) log.info({ payouts: payouts.length }, 'payouts made');
    },
  });
}
