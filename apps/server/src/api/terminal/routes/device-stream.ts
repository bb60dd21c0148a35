import { deviceMeSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentTerminal, presentTerminalTransaction } from '../../../domain/presenters/payments';
import { authenticateDevice } from '../../../domain/terminals/authenticate-device';
import {
  deviceSetup,
  type FeedItem,
  feedItem,
  feedTerminal,
  isFinal,
  missedFeedItems,
  openFeedItems,
} from '../../../domain/terminals/device-feed';
import type { TerminalRow } from '../../../domain/terminals/terminals';
import { BUS_CHANNELS } from '../../../platform/bus';
import { closeEventStreamsOnShutdown, openEventStream } from '../../../platform/sse';
import { deviceOf } from '../caller';
import { deviceStreamPresence } from '../device-presence';

const tags = ['terminal devices'];
/** Brief §9 / PRODUCT §3: clients reconnect after 3 s (backing off to 30 s). */
const RETRY_MS = 3000;
/** Issue 15 §1: a comment every 15 s keeps proxies and the device's watchdog content. */
const PING_MS = 15_000;
/** Safety net for a missed NOTIFY: re-read the open transactions this often. */
const POLL_MS = 5_000;
/** Transactions a stream remembers having sent (it forgets the oldest finished ones first). */
const SENT_KEPT = 500;

const streamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .describe('The `id:` of the last event received: what was missed since is sent again (15 minutes kept).'),
});

/**
 * The device's own channel (issue 15 §1): `GET /stream` pushes every checkout created for this
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

      let cursor = since ? Number(since) : 0;
      /** What this stream sent of each transaction: the latest change, and whether it was final. */
      const sent = new Map<string, { changeId: number; final: boolean }>();
      const send = (item: FeedItem) => {
        const before = sent.get(item.row.id);
        if (before && before.changeId >= item.changeId) return;
        sent.delete(item.row.id);
        sent.set(item.row.id, { changeId: item.changeId, final: isFinal(item.row.status) });
        // Bounded memory on a stream that lives for days: the oldest finished ones go first.
        if (sent.size > SENT_KEPT) {
          for (const [id, s] of sent) {
            if (sent.size <= SENT_KEPT) break;
            if (s.final) sent.delete(id);
          }
        }
        // Ids only grow, so a client's Last-Event-ID is always the furthest point it reached.
        cursor = Math.max(cursor, item.changeId);
        stream.event(
          'transaction',
          presentTerminalTransaction(item.row, ctx.config.publicUrl),
          String(cursor),
        );
      };
      let shown: Pick<TerminalRow, 'label' | 'location'> | null = null;

      // One reader at a time: hints that arrive while reading are folded into one more pass.
      let busy: Promise<void> = Promise.resolve();
      const serially = (work: () => Promise<void>) => {
        busy = busy.then(work).catch(() => stream.close());
        return busy;
      };
      // Open transactions, and those this stream showed as open (a missed hint may have finished them).
      const resync = () =>
        serially(async () => {
          const open = await openFeedItems(db, device);
          for (const item of open) send(item);
          const openIds = new Set(open.map((i) => i.row.id));
          for (const [id, s] of [...sent]) {
            if (s.final || openIds.has(id)) continue;
            const item = await feedItem(db, device, id);
            if (item) send(item);
          }
        });
      const onTransaction = (id: string) =>
        serially(async () => {
          const item = await feedItem(db, device, id);
          // A change to a transaction that was already final (a refund) is not the terminal's.
          if (item && !(isFinal(item.fromStatus) && !sent.has(item.row.id))) send(item);
        });
      const onTerminal = () =>
        serially(async () => {
          const terminal = await feedTerminal(db, device);
          const revoked = await authenticateDevice(db, token).then(
            () => false,
            () => true,
          );
          if (!terminal) return stream.close();
          if (revoked || terminal.status === 'disabled') {
            stream.event('terminal', presentTerminal(terminal), String(cursor));
            return stream.close();
          }
          if (shown && (shown.label !== terminal.label || shown.location !== terminal.location)) {
            stream.event('terminal', presentTerminal(terminal), String(cursor));
          }
          shown = { label: terminal.label, location: terminal.location };
        });

      const offTransactions = ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
        if (m.terminal_id === device.terminalId && typeof m.id === 'string') void onTransaction(m.id);
      });
      const offTerminals = ctx.database.bus.subscribe(BUS_CHANNELS.terminals, (m) => {
        if (m.id === device.terminalId) void onTerminal();
      });
      const offGap = ctx.database.bus.onGap?.(() => void resync());
      const poll = setInterval(() => void resync(), POLL_MS);
      const ping = setInterval(() => stream.comment('ping'), PING_MS);
      stream.onClose(() => {
        offTransactions();
        offTerminals();
        offGap?.();
        clearInterval(poll);
        clearInterval(ping);
      });

      await serially(async () => {
        const terminal = await feedTerminal(db, device);
        shown = terminal ? { label: terminal.label, location: terminal.location } : null;
        for (const item of await openFeedItems(db, device)) send(item);
        if (since) for (const item of await missedFeedItems(db, device, Number(since), ctx.now())) send(item);
      });
    },
  );
}
