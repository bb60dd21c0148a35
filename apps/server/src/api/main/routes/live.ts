import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectAccess } from '../../../domain/projects/project-access';
import {
  LIVE_REPLAY_MINUTES,
  latestTransactionChangeId,
  transactionChangeId,
  transactionChangesSince,
} from '../../../domain/transactions/live-transaction-changes';
import { BUS_CHANNELS, type BusChannel } from '../../../platform/bus';
import { closeEventStreamsOnShutdown, openEventStream } from '../../../platform/sse';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const PING_MS = 25_000;

const streamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .describe(
      `The \`id:\` of the last event received: transactions changed since are sent again (${LIVE_REPLAY_MINUTES} minutes kept).`,
    ),
});

/** Bus channel → SSE event name and the fields forwarded (ids and status only; clients re-fetch). */
const FORWARDED: [BusChannel, string, string[]][] = [
  [BUS_CHANNELS.terminals, 'terminal', ['id', 'status']],
  [BUS_CHANNELS.deliveries, 'delivery', ['id', 'webhook_id']],
];

/**
 * `GET /projects/{project_id}/live`: the console's live view of one project. Forwards this project's
 * bus messages (from every replica) as `transaction`, `terminal` and `delivery` events, with
 * a `: ping` comment every 25 s so proxies keep the connection. Takes the session cookie
 * too, since the browser's EventSource cannot send an Authorization header.
 */
export function liveRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  closeEventStreamsOnShutdown(root);

  app.get(
    '/projects/:project_id/live',
    {
      config: { cookieAuth: true },
      schema: {
        tags: ['projects'],
        summary: 'Server-sent events of changes in the project',
        description:
          '`text/event-stream` of `event: transaction` `{id, status}`, `event: terminal` `{id, status}` and ' +
          '`event: delivery` `{id, webhook_id}`, plus `: ping` every 25 s. Accepts the session cookie. ' +
          'Transaction events carry an `id:` (a position in the status history; the stream also says where it ' +
          'starts). Reconnect with `Last-Event-ID` (after a replica shut down, say) to get each transaction ' +
          `changed since once more with its current status, then \`event: resync\` \`{}\`: terminal and delivery ` +
          `changes are not kept, re-read those. A position older than ${LIVE_REPLAY_MINUTES} minutes, or unknown, ` +
          'gets only `resync`.',
        params,
        headers: streamHeaders,
      },
    },
    async (request, reply) => {
      const projectId = request.params.project_id;
      const db = ctx.database.db;
      await projectAccess(db, { actor: actorOf(request), projectId, action: 'project.read' });
      const since = request.headers['last-event-id'];
      // The furthest position sent; set once the stream knows where it starts (below).
      let cursor = 0;
      const stream = openEventStream(request, reply, { retryMs: 3000, kind: 'console_live' });
      const sendTransaction = (id: string, status: unknown, changeId: number) => {
        cursor = Math.max(cursor, changeId);
        stream.event('transaction', { id, status: status ?? null }, String(cursor));
      };
      const unsubscribers = [
        ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (message) => {
          if (message.project_id !== projectId || typeof message.id !== 'string') return;
          const id = message.id;
          void transactionChangeId(db, { projectId, transactionId: id }).then(
            (changeId) => sendTransaction(id, message.status, changeId),
            () => stream.close(),
          );
        }),
        ...FORWARDED.map(([channel, event, fields]) =>
          ctx.database.bus.subscribe(channel, (message) => {
            if (message.project_id !== projectId) return;
            stream.send(event, Object.fromEntries(fields.map((f) => [f, message[f] ?? null])));
          }),
        ),
      ];
      const ping = setInterval(() => stream.comment('ping'), PING_MS);
      stream.onClose(() => {
        clearInterval(ping);
        for (const off of unsubscribers) off();
      });
      stream.comment('connected');
      // Subscribed first, then read: a change committed meanwhile is sent twice at worst, never missed.
      try {
        const missed = since
          ? await transactionChangesSince(db, { projectId, afterChangeId: Number(since), now: ctx.now() })
          : [];
        // Where this stream starts: a client that reconnects from here misses nothing.
        cursor = Math.max(cursor, since && missed ? Number(since) : await latestTransactionChangeId(db));
        stream.position(String(cursor), 'from here');
        if (since) {
          for (const change of missed ?? []) sendTransaction(change.id, change.status, change.changeId);
          // Terminal and delivery changes have no history to replay: the client re-reads them.
          stream.send('resync', {});
        }
      } catch {
        // The database went away: end; the client reconnects (to another replica) from its position.
        stream.close();
      }
    },
  );
}
