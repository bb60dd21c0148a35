import {
  createWebhookSchema,
  eventTypeListSchema,
  noContentSchema,
  pageSchema,
  testWebhookResultSchema,
  updateWebhookSchema,
  webhookSchema,
  webhookSecretSchema,
  webhookWithSecretSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createWebhook } from '../../../domain/webhooks/create-webhook';
import { deleteWebhook } from '../../../domain/webhooks/delete-webhook';
import { eventCatalogue } from '../../../domain/webhooks/event-catalogue';
import { getWebhook } from '../../../domain/webhooks/get-webhook';
import { getWebhookSecret } from '../../../domain/webhooks/get-webhook-secret';
import { attemptStats24h } from '../../../domain/webhooks/health';
import { listWebhooks } from '../../../domain/webhooks/list-webhooks';
import { rotateWebhookSecret } from '../../../domain/webhooks/rotate-webhook-secret';
import { sendTestWebhook } from '../../../domain/webhooks/send-test-webhook';
import { updateWebhook } from '../../../domain/webhooks/update-webhook';
import { pathParams } from '../../params';
import { presentWebhook } from '../../presenters/webhooks';
import { actorOf } from '../actor';
import { deliveryRoutes } from './deliveries';

const params = pathParams('project_id');
const webhookParams = pathParams('project_id', 'webhook_id');
const tags = ['webhooks'];

export function webhookRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  const present = async (projectId: string, rows: Parameters<typeof presentWebhook>[0][]) => {
    const now = ctx.now();
    const stats = await attemptStats24h(db, { projectId, endpointIds: rows.map((r) => r.id), now });
    return rows.map((r) => presentWebhook(r, stats.get(r.id), now));
  };

  app.get(
    '/event-types',
    {
      schema: {
        tags,
        summary: 'Every event type, with the JSON Schema of its body and an example',
        response: { 200: eventTypeListSchema },
      },
    },
    async () => ({ data: eventCatalogue() }),
  );

  app.post(
    '/projects/:project_id/webhooks',
    {
      schema: {
        tags,
        summary: 'Create an endpoint (its signing secret is in the answer)',
        params,
        body: createWebhookSchema,
        response: { 201: webhookWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await createWebhook(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        input: request.body,
      });
      reply.header('cache-control', 'no-store');
      const [presented] = await present(request.params.project_id, [endpoint]);
      return reply.status(201).send({ ...presented!, secret });
    },
  );

  app.get(
    '/projects/:project_id/webhooks',
    {
      schema: {
        tags,
        summary: 'Endpoints of a project, with their health',
        params,
        response: { 200: pageSchema(webhookSchema) },
      },
    },
    async (request) => {
      const rows = await listWebhooks(db, { actor: actorOf(request), projectId: request.params.project_id });
      return { data: await present(request.params.project_id, rows), next_cursor: null };
    },
  );

  app.get(
    '/projects/:project_id/webhooks/:webhook_id',
    { schema: { tags, summary: 'One endpoint', params: webhookParams, response: { 200: webhookSchema } } },
    async (request) => {
      const row = await getWebhook(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
      });
      return (await present(request.params.project_id, [row]))[0]!;
    },
  );

  app.patch(
    '/projects/:project_id/webhooks/:webhook_id',
    {
      schema: {
        tags,
        summary: 'Edit, enable or disable an endpoint',
        params: webhookParams,
        body: updateWebhookSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) => {
      const row = await updateWebhook(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
        input: request.body,
      });
      return (await present(request.params.project_id, [row]))[0]!;
    },
  );

  app.delete(
    '/projects/:project_id/webhooks/:webhook_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Delete an endpoint and its deliveries',
        params: webhookParams,
      },
    },
    async (request, reply) => {
      await deleteWebhook(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/projects/:project_id/webhooks/:webhook_id/secret',
    {
      schema: {
        tags,
        summary: 'The signing secret (admins)',
        params: webhookParams,
        response: { 200: webhookSecretSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await getWebhookSecret(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
      });
      reply.header('cache-control', 'no-store');
      const [presented] = await present(request.params.project_id, [endpoint]);
      return { secret, previous_secret_expires_at: presented!.previous_secret_expires_at };
    },
  );

  app.post(
    '/projects/:project_id/webhooks/:webhook_id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'New secret; the old one keeps signing for 24 hours',
        params: webhookParams,
        response: { 200: webhookSecretSchema },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await rotateWebhookSecret(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
      });
      reply.header('cache-control', 'no-store');
      return { secret, previous_secret_expires_at: endpoint.previousSecretExpiresAt!.toISOString() };
    },
  );

  app.post(
    '/projects/:project_id/webhooks/:webhook_id/test',
    {
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint alone',
        params: webhookParams,
        response: { 202: testWebhookResultSchema },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestWebhook(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
      });
      return reply.status(202).send({ event_id: delivery.eventId, delivery_id: delivery.id });
    },
  );

  deliveryRoutes(root);
}
