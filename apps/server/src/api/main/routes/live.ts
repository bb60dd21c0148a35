import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectAccess } from '../../../domain/projects/project-access';
import { BUS_CHANNELS, type BusChannel } from '../../../platform/bus';
import { closeEventStreamsOnShutdown, openEventStream } from '../../../platform/sse';
import { actorOf } from '../actor';

const params = z.object({ project_id: z.string().min(1).max(64) });
const PING_MS = 25_000;

/** Bus channel → SSE event name and the fields forwarded (ids and status only; clients re-fetch). */
const FORWARDED: [BusChannel, string, string[]][] = [
  [BUS_CHANNELS.transactions, 'transaction', ['id', 'status']],
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
          '`event: delivery` `{id, webhook_id}`, plus `: ping` every 25 s. Accepts the session cookie.',
        params,
      },
    },
    async (request, reply) => {
      const projectId = request.params.project_id;
      await projectAccess(ctx.database.db, actorOf(request), projectId, 'project.read');
      const stream = openEventStream(request, reply, { retryMs: 3000, kind: 'console_live' });
      const unsubscribers = FORWARDED.map(([channel, event, fields]) =>
        ctx.database.bus.subscribe(channel, (message) => {
          if (message.project_id !== projectId) return;
          stream.send(event, Object.fromEntries(fields.map((f) => [f, message[f] ?? null])));
        }),
      );
      const ping = setInterval(() => stream.comment('ping'), PING_MS);
      stream.onClose(() => {
        clearInterval(ping);
        for (const off of unsubscribers) off();
      });
      stream.comment('connected');
    },
  );
}
