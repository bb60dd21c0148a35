import type { FastifyBaseLogger } from 'fastify';
import {
  holdStreamPresence,
  releaseStreamPresence,
  STREAM_RENEW_SECONDS,
} from '../../domain/terminals/presence';
import type { AppContext } from '../../platform/context';
import { startPeriodic } from '../../platform/periodic';

/**
 * The device streams this replica holds: opening the first stream of a terminal
 * makes it online; while any is open the replica renews the terminal's lease every
 * STREAM_RENEW_SECONDS in one statement for all of them; closing the last one starts the grace
 * period, after which the sweeper (on any replica) marks it offline. A replica that dies simply
 * stops renewing, and its terminals go offline when their lease ends.
 */
export function deviceStreamPresence(ctx: AppContext, log: FastifyBaseLogger) {
  const open = new Map<string, { projectId: string; streams: number }>();
  const hold = async (ids: string[]) => {
    await holdStreamPresence(ctx.database, ids, ctx.now());
  };
  const stopRenewing = startPeriodic({
    name: 'device-presence-renewal',
    everyMs: STREAM_RENEW_SECONDS * 1000,
    // A lease renewed late is a lease lost: renew on time, never later.
    jitter: 0,
    log,
    run: async () => {
      if (open.size > 0) await hold([...open.keys()]);
    },
  });

  return {
    /** A stream opened: online now (written before the stream's first event). */
    async opened(device: { projectId: string; terminalId: string }) {
      const held = open.get(device.terminalId);
      if (held) held.streams++;
      else open.set(device.terminalId, { projectId: device.projectId, streams: 1 });
      await hold([device.terminalId]);
    },
    /** A stream closed, for whatever reason. */
    closed(device: { projectId: string; terminalId: string }) {
      const held = open.get(device.terminalId);
      if (!held) return;
      held.streams--;
      if (held.streams > 0) return;
      open.delete(device.terminalId);
      releaseStreamPresence(ctx.database.db, {
        terminal: device,
        now: ctx.now(),
        graceSeconds: ctx.config.terminalStreamGraceSeconds,
      }).catch((error) => log.error({ err: error }, 'device presence release failed'));
    },
    /** Terminals with a stream open here (metrics, tests). */
    get size() {
      return open.size;
    },
    stop: stopRenewing,
  };
}
