import { deviceMeSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentTerminal, presentTerminalTransaction } from '../../../domain/presenters/payments';
import { projectHasStaff } from '../../../domain/staff/staff-presence';
import { deviceSetup } from '../../../domain/terminals/device-feed';
import { DeviceFeedSession } from '../../../domain/terminals/device-feed-session';
import { BUS_CHANNELS } from '../../../platform/bus';
import { closeEventStreamsOnShutdown, openEventStream } from '../../../platform/sse';
import { deviceOf } from '../caller';
import { deviceStreamPresence } from '../device-presence';

const tags = ['terminal devices'];
/** Clients reconnect after 3 s (backing off to 30 s). */
const RETRY_MS = 3000;
/** A comment every 15 s keeps proxies and the device's watchdog content. */
const PING_MS = 15_000;
/** Safety net for a missed NOTIFY: re-read the open transactions this often. */
const POLL_MS = 5_000;

const streamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .describe('The `id:` of the last event received: what was missed since is sent again (15 minutes kept).'),
});

/**
 * The device's own channel: `GET /stream` pushes every checkout created for this
 * terminal (by a register's API key, the console or the device itself) and its status changes
 * until final, and the terminal's own edits; holding it is the terminal's presence.
 * `GET /me` tells a freshly paired device what it is.
 */
export function deviceStreamRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;
  const presence = deviceStreamPresence(ctx, root.log);
  root.addHook('onClose', async () => presence.stop());
  closeEventStreamsOnShutdown(root);

  app.get(
    '/me',
    {
      schema: {
        tags,
        security: [{ deviceToken: [] }],
        summary: 'This device: its terminal, project (currency, time zone) and business',
        response: { 200: deviceMeSchema },
      },
    },
    async (request) => {
      const setup = await deviceSetup(db, deviceOf(request));
      return {
        terminal: presentTerminal(setup.terminal),
        project: {
          id: setup.project.id,
          name: setup.project.name,
          currency: setup.project.currency,
          time_zone: setup.project.timeZone,
          allow_other_currencies: setup.project.allowOtherCurrencies,
        },
        business: { name: setup.business.name },
        cashiers: {
          required: await projectHasStaff(db, setup.project.id),
          idle_minutes: setup.project.cashierIdleMinutes,
        },
      };
    },
  );

  app.get(
    '/stream',
    {
      schema: {
        tags,
        security: [{ deviceToken: [] }],
        summary: "The device stream: this terminal's checkouts and edits, live",
        description:
          '`text/event-stream`: `retry: 3000`, a `: ping` comment every 15 s. `event: transaction` (data: the ' +
          'transaction exactly as `GET /transactions/{transaction_id}` answers it) when a transaction naming this terminal is ' +
          'created, by anyone, and on each of its status changes until a final one; `event: terminal` (data: the ' +
          'terminal) when its label or location is edited, and when it is disabled (the stream then ends). Every ' +
          'event has an `id:`; reconnect with `Last-Event-ID` to get what was missed (15 minutes kept). On each ' +
          'connect the open (pending, processing) transactions come first. Holding the stream keeps the terminal ' +
          '`online`; it goes `offline` TERMINAL_STREAM_GRACE_SECONDS after the last stream drops.',
        headers: streamHeaders,
      },
    },
    async (request, reply) => {
      const device = deviceOf(request);
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const since = request.headers['last-event-id'];
      // Presence first: the terminal is online before its first event is read.
      await presence.opened(device);
      const stream = openEventStream(request, reply, { retryMs: RETRY_MS, kind: 'device' });
      stream.onClose(() => presence.closed(device));

      const feed = new DeviceFeedSession({
        db,
        device,
        token,
        since,
        now: ctx.now,
        emit: (event) => {
          if (event.kind === 'end') return stream.close();
          if (event.kind === 'transaction')
            return stream.event(
              'transaction',
              presentTerminalTransaction(event.row, ctx.config.publicUrl),
              event.id,
            );
          stream.event('terminal', presentTerminal(event.terminal), event.id);
        },
      });

      const offTransactions = ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
        if (m.terminal_id === device.terminalId && typeof m.id === 'string')
          void feed.transactionChanged(m.id);
      });
      const offTerminals = ctx.database.bus.subscribe(BUS_CHANNELS.terminals, (m) => {
        if (m.id === device.terminalId) void feed.terminalChanged();
      });
      const offGap = ctx.database.bus.onGap?.(() => void feed.resync());
      const poll = setInterval(() => void feed.resync(), POLL_MS);
      const ping = setInterval(() => stream.comment('ping'), PING_MS);
      stream.onClose(() => {
        offTransactions();
        offTerminals();
        offGap?.();
        clearInterval(poll);
        clearInterval(ping);
      });

      await feed.open(ctx.now());
    },
  );
}
