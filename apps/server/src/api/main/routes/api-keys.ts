import {
  apiKeySchema,
  apiKeyWithSecretSchema,
  createApiKeySchema,
  currentApiKeySchema,
  noContentSchema,
  pageSchema,
  rollApiKeySchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createApiKey } from '../../../domain/api-keys/create-api-key';
import { currentApiKey } from '../../../domain/api-keys/current-api-key';
import { listApiKeys } from '../../../domain/api-keys/list-api-keys';
import { revokeApiKey } from '../../../domain/api-keys/revoke-api-key';
import { rollApiKey } from '../../../domain/api-keys/roll-api-key';
import { apiKeyListSpec } from '../../../domain/listing/workspace-list-specs';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentApiKey } from '../../presenters/api-keys';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const keyParams = pathParams('project_id', 'key_id');
const tags = ['api-keys'];

export function apiKeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/api-key',
    {
      schema: {
        tags,
        summary: 'The API key making the request, and its project',
        description:
          'Answers API keys only (a signed-in user gets 403): how a tool holding a key learns its project.',
        security: [{ apiKey: [] }],
        response: { 200: currentApiKeySchema },
      },
    },
    async (request) => currentApiKey(db, actorOf(request)),
  );

  app.post(
    '/projects/:project_id/api-keys',
    {
      schema: {
        tags,
        summary: 'Create a key (the secret is shown once)',
        params,
        body: createApiKeySchema,
        response: { 201: apiKeyWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { key, secret } = await createApiKey(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        input: request.body,
        now: ctx.now(),
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ ...presentApiKey(key), secret });
    },
  );

  app.get(
    '/projects/:project_id/api-keys',
    {
      schema: {
        tags,
        summary: 'Keys of a project',
        params,
        querystring: listQueryOf(apiKeyListSpec),
        response: { 200: pageSchema(apiKeySchema) },
      },
    },
    async (request) => {
      const page = await listApiKeys(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        list: listRequestOf(request.query),
      });
      return { data: page.data.map(presentApiKey), next_cursor: page.next_cursor };
    },
  );

  app.post(
    '/projects/:project_id/api-keys/:key_id/roll',
    {
      schema: {
        tags,
        summary: 'New secret; the old one works for a grace period',
        params: keyParams,
        body: rollApiKeySchema,
        response: { 200: apiKeyWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { key, secret } = await rollApiKey(ctx.database, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        keyId: request.params.key_id,
        graceSeconds: request.body.grace_period_seconds,
        now: ctx.now(),
      });
      reply.header('cache-control', 'no-store');
      return { ...presentApiKey(key), secret };
    },
  );

  app.delete(
    '/projects/:project_id/api-keys/:key_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Revoke a key at once',
        params: keyParams,
      },
    },
    async (request, reply) => {
      await revokeApiKey(ctx.database, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        keyId: request.params.key_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );
}
