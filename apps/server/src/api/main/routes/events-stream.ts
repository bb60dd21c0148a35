import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../../domain/actor';
import { positionAfterEvent, positionAtEnd } from '../../../domain/events/event-feed';
import { eventFeedReader } from '../../../domain/events/event-feed-reader';
import { projectAccess } from '../../../domain/projects/project-access';
import { BUS_CHANNELS } from '../../../platform/bus';
import { AppError } from '../../../platform/errors';
import { closeEventStreamsOnShutdown, openEventStream } from '../../../platform/sse';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const RETRY_MS = 3000;
const PING_MS = 15_000;
/** Safety net for a missed hint, and the rhythm at which the caller's access is checked again. */
const POLL_MS = 3000;

const streamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^evt_[A-Za-z0-9]{1,60}$/)
    .optional()
    .describe('The `id:` of the last event received: the events written after it are sent first.'),
});

/** Changes that come with new events; the stream re-reads on any of them. */
const HINTS = [BUS_CHANNELS.transactions, BUS_CHANNELS.terminals, BUS_CHANNELS.events] as const;

/** Whether a credentials-bus message is about this caller (a message about no one in particular is about everyone). */
function concerns(actor: Actor, message: Record<string, unknown>) {
  if (message.kind === 'user') return actor.kind === 'user' && message.id === actor.uid;
  if (message.kind === 'api_key') return actor.kind === 'api_key' && message.id === actor.keyId;
  return true;
}

/**
 * `GET /projects/{project_id}/events/stream`: the project's events, live, as webhooks
 * carry them — what `scanline listen` forwards to a local endpoint. Every replica hears every
 * change on the bus; each stream reads the events table itself, so it works behind a load
 * balancer and resumes from `Last-Event-ID` on any replica.
 */
export function eventStreamRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;
  closeEventStreamsOnShutdown(root);

  app.get(
    '/projects/:project_id/events/stream',
    {
      schema: {
        tags: ['events'],
        summary: "Server-sent events: the project's events, live, as webhooks carry them",
        description:
          '`text/event-stream`: `retry: 3000`, then one message per event in the order written: `id:` the ' +
          "event id (a webhook delivery's `webhook-id`), `event:` its type, `data:` the webhook body " +
          '`{"type","timestamp","data"}`, byte for byte. A `: ping` comment every 15 s. Reconnect with ' +
          '`Last-Event-ID` to receive what was written after that event. Read API keys and members may listen.',
        params,
        headers: streamHeaders,
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe('`text/event-stream`: `id: evt_…`, `event: transaction.succeeded`, `data: {"type",…}`'),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const projectId = request.params.project_id;
      await projectAccess(db, { actor, projectId, action: 'events.read' });
      const lastEventId = request.headers['last-event-id'];
      const start = lastEventId
        ? await positionAfterEvent(db, projectId, lastEventId)
        : await positionAtEnd(db, projectId, ctx.now());
      if (!start) {
        throw new AppError('validation_failed', 'Last-Event-ID names no event of this project.', [
          { path: 'headers.last-event-id', message: 'An event id this stream sent.' },
        ]);
      }
      const feed = eventFeedReader(db, { projectId, start });
      const stream = openEventStream(request, reply, { retryMs: RETRY_MS, kind: 'events' });

      // One read at a time; hints that arrive meanwhile fold into one more read.
      let reading: Promise<void> | null = null;
      let again = false;
      const pass = async () => {
        for (let more = true; more && !stream.closed; ) {
          const read = await feed.read();
          for (const event of read.events) stream.eventJson(event.type, event.body, event.id);
          more = read.more;
          // A slow reader catching up on a long backlog holds one batch in memory, not all of it.
          await stream.drained();
        }
      };
      const read = () => {
        if (reading) {
          again = true;
          return reading;
        }
        reading = (async () => {
          do {
            again = false;
            await pass();
          } while (again && !stream.closed);
        })()
          .catch(() => stream.close())
          .finally(() => {
            reading = null;
          });
        return reading;
      };
      // A removed member or a revoked key stops listening within a poll.
      const recheck = () =>
        projectAccess(db, { actor, projectId, action: 'events.read' }).then(
          () => read(),
          () => stream.close(),
        );

      const offHints = HINTS.map((channel) =>
        ctx.database.bus.subscribe(channel, (m) => {
          if (m.project_id === projectId) void read();
        }),
      );
      const offCredentials = ctx.database.bus.subscribe(BUS_CHANNELS.credentials, (m) => {
        if (concerns(actor, m)) stream.close();
      });
      const offGap = ctx.database.bus.onGap?.(() => void read());
      const poll = setInterval(() => void recheck(), POLL_MS);
      const ping = setInterval(() => stream.comment('ping'), PING_MS);
      stream.onClose(() => {
        for (const off of offHints) off();
        offCredentials();
        offGap?.();
        clearInterval(poll);
        clearInterval(ping);
      });
      stream.comment('connected');
      await read();
    },
  );
}
