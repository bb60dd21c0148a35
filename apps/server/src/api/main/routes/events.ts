import { eventSchema, pageSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventListSpec, getEvent, listEvents } from '../../../domain/events/list-events';
import { readOnReplica } from '../../../platform/read-your-writes';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const tags = ['events'];

export function eventRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.ctx.database.db;

  app.get(
    '/projects/:project_id/events',
    {
      schema: {
        tags,
        summary: 'Events of a project (the outbox webhooks send), kept RETENTION_EVENTS_DAYS',
        description: 'Filters as `field[mode]=value`: type, object_id, created_at.',
        params,
        querystring: listQueryOf(eventListSpec),
        response: { 200: pageSchema(eventSchema) },
      },
    },
    async (request) =>
      readOnReplica(request, (db) =>
        listEvents(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          req: listRequestOf(request.query),
        }),
      ),
  );

  app.get(
    '/projects/:project_id/events/:event_id',
    {
      schema: {
        tags,
        summary: 'One event',
        params: pathParams('project_id', 'event_id'),
        response: { 200: eventSchema },
      },
    },
    async (request) =>
      getEvent(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        id: request.params.event_id,
      }),
  );
}
