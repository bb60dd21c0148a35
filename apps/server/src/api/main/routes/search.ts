import { searchQuerySchema, searchResponseSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchProject } from '../../../domain/search/search-project';
import { readOnReplica } from '../../../platform/read-your-writes';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');

export function searchRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/projects/:project_id/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search a project',
        description:
          'Transactions (id, reference prefix, card last 4), terminals (label or serial prefix, id), members ' +
          '(email prefix), API keys (prefix or name prefix) and webhook endpoints (URL containing `q`): at most ' +
          '5 per kind, grouped, only kinds with results. `q` is trimmed and 1–200 characters.',
        params,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) =>
      readOnReplica(request, (db) =>
        searchProject(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          q: request.query.q,
        }),
      ),
  );
}
