import type { FastifyBaseLogger } from 'fastify';
import { runDuePayouts } from '../domain/books/run-payouts';
import { runScheduledCloses } from '../domain/books/run-scheduled-closes';
import type { AppContext } from '../platform/context';

const EVERY_MS = 60_000;

/**
 * The books' clock (issue 25): once a minute, the scheduled closes due at each project's
 * `daily_close_time`, and the payouts due at each project's `payout_time`. Stateless and guarded per terminal (see runScheduledCloses), so several
 * replicas may run it; a pass still running when the next is due is skipped.
 */
export function startBooks(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const closes = await runScheduledCloses(ctx, log);
      if (closes) log.info({ closes }, 'scheduled closes made');
      const payouts = await runDuePayouts(ctx);
      if (payouts.length) log.info({ payouts: payouts.length }, 'payouts made');
    } catch (error) {
      log.error({ err: error }, 'books run failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
