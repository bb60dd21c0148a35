import { BUS_CHANNELS } from '../../platform/bus';
import type { AppContext } from '../../platform/context';

/** Tells every replica's dispatcher (and live screens) that a delivery is due. */
export async function wakeDispatcher(
  ctx: AppContext,
  d: { projectId: string; endpointId: string; id: string | null },
) {
  await ctx.database.bus
    .publish(BUS_CHANNELS.deliveries, { project_id: d.projectId, webhook_id: d.endpointId, id: d.id })
    .catch(() => {});
  await ctx.database.bus.publish(BUS_CHANNELS.events, { project_id: d.projectId }).catch(() => {});
}
