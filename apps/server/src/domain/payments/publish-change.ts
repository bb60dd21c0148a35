import { BUS_CHANNELS } from '../../platform/bus';
import type { AppContext } from '../../platform/context';

/**
 * Tells every replica a transaction changed (SSE streams, live tables). Called after the
 * change committed; a lost hint is harmless because listeners re-read the row.
 */
export async function publishTransactionChange(
  ctx: AppContext,
  row: { projectId: string; id: string; status: string },
) {
  await ctx.database.bus
    .publish(BUS_CHANNELS.transactions, { project_id: row.projectId, id: row.id, status: row.status })
    .catch(() => {});
}
