import { and, eq, ne, sql } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordEvent } from '../events/record-event';
import { presentTerminal } from '../presenters/payments';
import type { DeviceCaller } from './authenticate-device';
import { publishTerminal } from './publish-terminal';

/**
 * A device says it is alive: last seen now, its app version, battery and network. The row is
 * locked first so a heartbeat and the offline sweeper serialise: `terminal.online` is written
 * exactly when this heartbeat is the one that moved the terminal back online.
 */
export async function recordHeartbeat(
  { db, bus }: { db: Db; bus: Bus },
  {
    device,
    input,
    now,
    offlineAfterSeconds,
  }: {
    device: DeviceCaller;
    input: { app_version?: string; battery?: number; network?: string };
    now: Date;
    offlineAfterSeconds: number;
  },
) {
  const until = new Date(now.getTime() + offlineAfterSeconds * 1000);
  const beat = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: terminals.status })
      .from(terminals)
      .where(and(eq(terminals.projectId, device.projectId), eq(terminals.id, device.terminalId)))
      .for('update');
    if (!before || before.status === 'disabled') {
      throw new AppError('unauthenticated', 'This device token was revoked; pair again.');
    }
    const [row] = await tx
      .update(terminals)
      .set({
        status: 'online',
        lastSeenAt: now,
        // Never shortens an open stream's lease.
        onlineUntil: sql`greatest(coalesce(${terminals.onlineUntil}, ${until}), ${until})`,
        updatedAt: now,
        ...(input.app_version !== undefined ? { appVersion: input.app_version } : {}),
        ...(input.battery !== undefined ? { battery: input.battery } : {}),
        ...(input.network !== undefined ? { network: input.network } : {}),
      })
      .where(
        and(
          eq(terminals.projectId, device.projectId),
          eq(terminals.id, device.terminalId),
          ne(terminals.status, 'disabled'),
        ),
      )
      .returning();
    const terminal = row!;
    const cameOnline = before.status !== 'online';
    if (cameOnline) {
      await recordEvent(tx, {
        projectId: terminal.projectId,
        type: 'terminal.online',
        objectId: terminal.id,
        data: presentTerminal(terminal),
        now,
      });
    }
    return { terminal, cameOnline };
  });
  if (beat.cameOnline) await publishTerminal(bus, beat.terminal);
  return beat;
}
