import { pageSchema, requestLogSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  getRequestLog,
  listRequestLogs,
  requestLogListSpec,
} from '../../../domain/request-logs/list-request-logs';
import { readOnReplica } from '../../../platform/read-your-writes';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const tags = ['request logs'];

export function requestLogRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/projects/:project_id/request-logs',
    {
      schema: {
        tags,
        summary:
          'API requests made with keys and device tokens, kept RETENTION_REQUEST_LOGS_DAYS (admins and owner)',
        description: 'Filters as `field[mode]=value`: status, method, path, key (prefix), created_at.',
        params,
        querystring: listQueryOf(requestLogListSpec),
        response: { 200: pageSchema(requestLogSchema) },
      },
    },
    async (request) =>
      readOnReplica(request, (db) =>
        listRequestLogs(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          req: listRequestOf(request.query),
        }),
      ),
  );

  app.get(
    '/projects/:project_id/request-logs/:log_id',
    {
      schema: {
        tags,
        summary: 'One logged request, with its bodies when it failed',
        params: pathParams('project_id', 'log_id'),
        response: { 200: requestLogSchema },
      },
    },
    async (request) =>
      readOnReplica(request, (db) =>
        getRequestLog(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          id: request.params.log_id,
        }),
      ),
  );
}
