import { dashboardQuerySchema, dashboardSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getDashboard } from '../../../domain/dashboard/get-dashboard';
import { projectAccess } from '../../../domain/projects/project-access';
import { readOnReplica } from '../../../platform/read-your-writes';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');

export function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  app.get(
    '/projects/:project_id/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: "A project's figures over a range of days, with the previous period of equal length",
        params,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) =>
      readOnReplica(request, async (db) => {
        const { project } = await projectAccess(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          action: 'dashboard.read',
        });
        const q = request.query;
        return getDashboard(db, {
          project,
          input: {
            from: q.from,
            to: q.to,
            timeZone: q.time_zone,
            terminalId: q.terminal_id,
            currency: q.currency,
            includeTest: q.include_test === 'true',
          },
          now: ctx.now(),
        });
      }),
  );
}
