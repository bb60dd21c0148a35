import { createDemoProjectSchema, projectSchema, timeZoneSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDemoProject } from '../../../domain/demo/create-demo-project';
import { AppError } from '../../../platform/errors';
import { presentProject } from '../../presenters/projects';
import { userActorOf } from '../actor';

export function demoProjectRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  app.post(
    '/demo-projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create a demo project (a business and a project with 30 days of sample payments)',
        body: createDemoProjectSchema.optional(),
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const timeZone = request.body?.time_zone ?? 'America/New_York';
      if (!timeZoneSchema.safeParse(timeZone).success) {
        throw new AppError('validation_failed', 'Unknown time zone.', [
          { path: 'body.time_zone', message: 'An IANA time zone, e.g. Europe/Paris.' },
        ]);
      }
      const { project, role } = await createDemoProject(ctx.database.db, {
        config: ctx.config,
        actor: userActorOf(request),
        timeZone,
        now: ctx.now(),
      });
      return reply.status(201).send(presentProject(project, role));
    },
  );
}
