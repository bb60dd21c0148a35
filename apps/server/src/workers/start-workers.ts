import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../platform/context';
import { startBooks } from './books';
import { startMaintenance } from './maintenance';
import { startPaymentReconcile } from './payment-reconcile';
import { startPlannerStatistics } from './planner-statistics';
import { startRollups } from './rollups';
import { startTerminalSweeper } from './terminal-sweeper';
import { createWebhookDispatcher } from './webhook-dispatcher';

/** Every background worker of a server process; resolves to the function that stops them all. */
export async function startWorkers(ctx: AppContext, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const stops = [
    startMaintenance(ctx, log),
    startTerminalSweeper(ctx, log),
    startPlannerStatistics(ctx, log),
    startPaymentReconcile(ctx, log),
    startBooks(ctx, log),
  ];
  const webhooks = createWebhookDispatcher(ctx, { log });
  await webhooks.start();
  stops.push(startRollups(ctx, log));
  return async () => {
    await Promise.all([...stops.map((stop) => stop()), webhooks.stop()]);
  };
}
