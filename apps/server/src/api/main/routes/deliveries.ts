import {
  deliveryDetailSchema,
  deliverySchema,
  pageSchema,
  recoverDeliveriesSchema,
  recoverResultSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryListSpec } from '../../../domain/webhooks/delivery-list-spec';
import { getDelivery } from '../../../domain/webhooks/get-delivery';
import { listDeliveries } from '../../../domain/webhooks/list-deliveries';
import { listEventDeliveries } from '../../../domain/webhooks/list-event-deliveries';
import { listObjectDeliveries } from '../../../domain/webhooks/list-object-deliveries';
import { recoverDeliveries } from '../../../domain/webhooks/recover-deliveries';
import { resendDelivery } from '../../../domain/webhooks/resend-delivery';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentAttempt, presentDelivery } from '../../presenters/webhooks';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const webhookParams = pathParams('project_id', 'webhook_id');
const tags = ['webhooks'];

export function deliveryRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/projects/:project_id/webhooks/:webhook_id/deliveries',
    {
      schema: {
        tags,
        summary:
          'Deliveries of an endpoint (filters: status, event_type, event_id, response_status, created_at, body)',
        description:
          'Deliveries and their attempts are kept RETENTION_DELIVERIES_DAYS, counted from their event (a whole month goes at once).',
        params: webhookParams,
        querystring: listQueryOf(deliveryListSpec).extend({
          'body[contains]': z.string().max(200).optional().describe('Text in the event payload.'),
          'body[notContains]': z.string().max(200).optional(),
        }),
        response: { 200: pageSchema(deliverySchema) },
      },
    },
    async (request) => {
      const page = await listDeliveries(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
        request: listRequestOf(request.query),
      });
      return { data: page.data.map(presentDelivery), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/projects/:project_id/webhooks/:webhook_id/deliveries/:delivery_id',
    {
      schema: {
        tags,
        summary: 'A delivery with every attempt',
        params: pathParams('project_id', 'webhook_id', 'delivery_id'),
        response: { 200: deliveryDetailSchema },
      },
    },
    async (request) => {
      const d = await getDelivery(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
        deliveryId: request.params.delivery_id,
      });
      return {
        ...presentDelivery(d.delivery),
        webhook_url: d.webhookUrl,
        payload: d.payload,
        attempts: d.attempts.map(presentAttempt),
      };
    },
  );

  app.post(
    '/projects/:project_id/deliveries/:delivery_id/resend',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now',
        params: pathParams('project_id', 'delivery_id'),
        response: { 202: deliverySchema },
      },
    },
    async (request, reply) => {
      const row = await resendDelivery(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        deliveryId: request.params.delivery_id,
      });
      return reply.status(202).send(presentDelivery(row));
    },
  );

  app.post(
    '/projects/:project_id/webhooks/:webhook_id/recover',
    {
      schema: {
        tags,
        summary: 'Send again every failed delivery since a time',
        params: webhookParams,
        body: recoverDeliveriesSchema,
        response: { 202: recoverResultSchema },
      },
    },
    async (request, reply) => {
      const requeued = await recoverDeliveries(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        webhookId: request.params.webhook_id,
        since: new Date(request.body.since),
      });
      return reply.status(202).send({ requeued });
    },
  );

  app.get(
    '/projects/:project_id/events/:event_id/deliveries',
    {
      schema: {
        tags,
        summary: 'Deliveries of one event, to every endpoint',
        params: pathParams('project_id', 'event_id'),
        response: { 200: pageSchema(deliverySchema) },
      },
    },
    async (request) => {
      const rows = await listEventDeliveries(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        eventId: request.params.event_id,
      });
      return { data: rows.map(presentDelivery), next_cursor: null };
    },
  );

  app.get(
    '/projects/:project_id/deliveries',
    {
      schema: {
        tags,
        summary: 'Deliveries of the events about one object (object_id=txn_…)',
        params,
        querystring: z.strictObject({ object_id: z.string().min(1).max(64) }),
        response: { 200: pageSchema(deliverySchema) },
      },
    },
    async (request) => {
      const rows = await listObjectDeliveries(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        objectId: request.query.object_id,
      });
      return { data: rows.map(presentDelivery), next_cursor: null };
    },
  );
}
