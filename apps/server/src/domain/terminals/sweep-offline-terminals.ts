import { sql } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { recordEvent } from '../events/record-event';
import { presentTerminal } from '../presenters/payments';
import { publishTerminal } from './publish-terminal';
import type { TerminalRow } from './terminal-rows';

/**
 * Marks `offline` every online terminal whose presence ran out (`online_until`: heartbeats, an open
 * device stream's lease, or a dropped stream's grace; rows from before that column: last heartbeat
 * older than `offlineAfterSeconds`),
 * and writes one `terminal.offline` event per terminal moved, in the same transaction.
 *
 * Safe with many replicas sweeping at once: the candidates are locked with SKIP LOCKED and
 * the UPDATE re-checks `status = 'online'`, so a terminal is moved (and its event written) by
 * exactly one sweeper; a heartbeat holding the row lock is skipped and wins. Each terminal moved is
 * published after the commit.
 */
export async function sweepOfflineTerminals(
  { db, bus }: { db: Db; bus: Bus },
  { now, offlineAfterSeconds, batch = 500 }: { now: Date; offlineAfterSeconds: number; batch?: number },
): Promise<TerminalRow[]> {
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(terminals)
      .set({ status: 'offline', updatedAt: now })
      .where(
        sql`${terminals.id} in (
          select id from terminals
          where status = 'online'
            and coalesce(online_until, last_seen_at + make_interval(secs => ${offlineAfterSeconds})) < ${now}
          order by last_seen_at
          limit ${batch}
          for update skip locked
        ) and ${terminals.status} = 'online'`,
      )
      .returning();
    for (const t of rows) {
      await recordEvent(tx, {
        projectId: t.projectId,
        type: 'terminal.offline',
        objectId: t.id,
        data: presentTerminal(t),
        now,
      });
    }
    return rows;
  });
  for (const t of moved) void publishTerminal(bus, t);
  return moved;
}
