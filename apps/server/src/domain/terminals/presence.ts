import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { recordEvent } from '../events/record-event';
import { presentTerminal } from '../presenters/payments';
import { publishTerminal } from './publish-terminal';
import type { TerminalRow } from './terminal-rows';

/**
 * How long one renewal of an open device stream keeps its terminal online. The replica holding
 * the stream renews every STREAM_RENEW_SECONDS, so a replica that dies without closing its
 * streams lets its terminals go offline within this lease.
 */
export const STREAM_LEASE_SECONDS = 30;
export const STREAM_RENEW_SECONDS = 10;

/**
 * Devices holding a stream on this replica are present: each terminal is online
 * until now + the lease. Terminals that were not online come online here, with one
 * `terminal.online` event each, in the same transaction; they are returned for the bus.
 * Disabled terminals are never touched (their token is already dead).
 */
export async function holdStreamPresence(
  { db, bus }: { db: Db; bus: Bus },
  terminalIds: string[],
  now: Date,
): Promise<TerminalRow[]> {
  if (terminalIds.length === 0) return [];
  const until = new Date(now.getTime() + STREAM_LEASE_SECONDS * 1000);
  const cameOnline = await db.transaction(async (tx) => {
    const before = await tx
      .select({ id: terminals.id, status: terminals.status })
      .from(terminals)
      .where(and(inArray(terminals.id, terminalIds), ne(terminals.status, 'disabled')))
      .orderBy(terminals.id)
      .for('update');
    if (before.length === 0) return [];
    const offline = new Set(before.filter((b) => b.status !== 'online').map((b) => b.id));
    const stillOnline = before.filter((b) => !offline.has(b.id)).map((b) => b.id);
    if (stillOnline.length > 0) {
      await tx
        .update(terminals)
        .set({
          lastSeenAt: now,
          onlineUntil: sql`greatest(coalesce(${terminals.onlineUntil}, ${until}), ${until})`,
        })
        .where(and(inArray(terminals.id, stillOnline), eq(terminals.status, 'online')));
    }
    if (offline.size === 0) return [];
    const cameOnline = await tx
      .update(terminals)
      .set({ status: 'online', lastSeenAt: now, onlineUntil: until, updatedAt: now })
      .where(and(inArray(terminals.id, [...offline]), ne(terminals.status, 'disabled')))
      .returning();
    for (const t of cameOnline) {
      await recordEvent(tx, {
        projectId: t.projectId,
        type: 'terminal.online',
        objectId: t.id,
        data: presentTerminal(t),
        now,
      });
    }
    return cameOnline;
  });
  for (const t of cameOnline) await publishTerminal(bus, t);
  return cameOnline;
}

/**
 * The last stream of a terminal on this replica closed: it stays online for the grace period
 * (a reconnect, to any replica, renews it), then the sweeper marks it offline with its event.
 */
export async function releaseStreamPresence(
  db: Db,
  {
    terminal,
    now,
    graceSeconds,
  }: { terminal: { projectId: string; terminalId: string }; now: Date; graceSeconds: number },
) {
  await db
    .update(terminals)
    .set({ lastSeenAt: now, onlineUntil: new Date(now.getTime() + graceSeconds * 1000) })
    .where(
      and(
        eq(terminals.projectId, terminal.projectId),
        eq(terminals.id, terminal.terminalId),
        eq(terminals.status, 'online'),
      ),
    );
}
