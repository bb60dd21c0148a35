import {
  auditEntrySchema,
  createProjectSchema,
  noContentSchema,
  pageSchema,
  projectSchema,
  transferProjectSchema,
  updateProjectSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from '../../../domain/audit/list-audit';
import { auditListSpec, projectListSpec } from '../../../domain/listing/workspace-list-specs';
import { createProject } from '../../../domain/projects/create-project';
import { deleteProject } from '../../../domain/projects/delete-project';
import { listMyProjects } from '../../../domain/projects/list-my-projects';
import { projectAccess } from '../../../domain/projects/project-access';
import { restoreProject } from '../../../domain/projects/restore-project';
import { transferProject } from '../../../domain/projects/transfer-project';
import { updateProject } from '../../../domain/projects/update-project';
import { readOnReplica } from '../../../platform/read-your-writes';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentAudit } from '../../presenters/audit';
import { presentProject } from '../../presenters/projects';
import { actorOf, userActorOf } from '../actor';

const params = pathParams('project_id');
const tags = ['projects'];
// The table-query format (`sort=-name`, `currency[equals]=EUR`) plus the older `q` search.
const listQuery = listQueryOf(projectListSpec).extend({
  q: z.string().max(120).optional(),
  include_deleted: z.enum(['true', 'false']).optional(),
});

export function projectRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.post(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Create a project',
        body: createProjectSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const { project, role } = await createProject(db, {
        actor: userActorOf(request),
        input: request.body,
        now: ctx.now(),
      });
      return reply.status(201).send(presentProject(project, role));
    },
  );

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Projects you belong to',
        querystring: listQuery,
        response: { 200: pageSchema(projectSchema) },
      },
    },
    async (request) => {
      const q = request.query as Record<string, string | undefined> & { limit: number };
      const page = await listMyProjects(db, {
        uid: userActorOf(request).uid,
        list: {
          q: q.q,
          includeDeleted: q.include_deleted === 'true',
          ...listRequestOf(q),
          // A person's projects span time zones: dates filter by UTC days.
          timeZone: 'UTC',
        },
      });
      return { data: page.data.map((r) => presentProject(r.project, r.role)), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/projects/:project_id',
    { schema: { tags, summary: 'One project', params, response: { 200: projectSchema } } },
    async (request) => {
      const { project, role } = await projectAccess(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        action: 'project.read',
      });
      return presentProject(project, role);
    },
  );

  app.patch(
    '/projects/:project_id',
    {
      schema: {
        tags,
        summary: 'Edit project settings',
        params,
        body: updateProjectSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const { project, role } = await updateProject(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        input: request.body,
        now: ctx.now(),
      });
      return presentProject(project, role);
    },
  );

  app.delete(
    '/projects/:project_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Delete a project (restorable for 30 days)',
        params,
      },
    },
    async (request, reply) => {
      await deleteProject(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/projects/:project_id/restore',
    { schema: { tags, summary: 'Restore a deleted project', params, response: { 200: projectSchema } } },
    async (request) => {
      const { project, role } = await restoreProject(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        now: ctx.now(),
      });
      return presentProject(project, role);
    },
  );

  app.post(
    '/projects/:project_id/transfer',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Hand ownership to an admin',
        params,
        body: transferProjectSchema,
      },
    },
    async (request, reply) => {
      await transferProject(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        toUid: request.body.to_user_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/projects/:project_id/audit',
    {
      schema: {
        tags,
        summary: 'Audit log (admins)',
        params,
        querystring: listQueryOf(auditListSpec),
        response: { 200: pageSchema(auditEntrySchema) },
      },
    },
    async (request) => {
      const page = await readOnReplica(request, (db) =>
        listAudit(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          input: listRequestOf(request.query),
        }),
      );
      return {
        data: page.data.map((a) => presentAudit(a, page.labels.get(a.id))),
        next_cursor: page.next_cursor,
      };
    },
  );
}
