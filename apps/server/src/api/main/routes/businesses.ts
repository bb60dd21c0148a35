import {
  businessSchema,
  createBusinessSchema,
  noContentSchema,
  pageSchema,
  updateBusinessSchema,
  walletDomainSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getOwnedBusiness } from '../../../domain/businesses/business-rows';
import { createBusiness } from '../../../domain/businesses/create-business';
import { deleteBusiness } from '../../../domain/businesses/delete-business';
import { listBusinesses } from '../../../domain/businesses/list-businesses';
import { stripeEndpoint, testStripeConnection } from '../../../domain/businesses/test-stripe-connection';
import { updateBusiness } from '../../../domain/businesses/update-business';
import { walletDomain } from '../../../domain/businesses/wallet-domains';
import { businessListSpec } from '../../../domain/listing/workspace-list-specs';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentBusiness } from '../../presenters/businesses';
import { userActorOf } from '../actor';

const params = pathParams('business_id');
const tags = ['businesses'];

export function businessRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  app.post(
    '/businesses',
    {
      schema: {
        tags,
        summary: 'Create a business',
        body: createBusinessSchema,
        response: { 201: businessSchema },
      },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const row = await createBusiness(ctx.database.db, {
        config: ctx.config,
        ownerUid: actor.uid,
        input: request.body,
        now: ctx.now(),
      });
      return reply.status(201).send(presentBusiness(row));
    },
  );

  app.get(
    '/businesses',
    {
      schema: {
        tags,
        summary: 'Your businesses',
        querystring: listQueryOf(businessListSpec),
        response: { 200: pageSchema(businessSchema) },
      },
    },
    async (request) => {
      const actor = userActorOf(request);
      // Businesses span time zones: dates filter by UTC days.
      const page = await listBusinesses(ctx.database.db, {
        ownerUid: actor.uid,
        list: { ...listRequestOf(request.query), timeZone: 'UTC' },
      });
      return { data: page.data.map(presentBusiness), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/businesses/:business_id',
    { schema: { tags, summary: 'One business', params, response: { 200: businessSchema } } },
    async (request) =>
      presentBusiness(
        await getOwnedBusiness(ctx.database.db, {
          ownerUid: userActorOf(request).uid,
          businessId: request.params.business_id,
        }),
      ),
  );

  app.patch(
    '/businesses/:business_id',
    {
      schema: {
        tags,
        summary: 'Edit a business',
        params,
        body: updateBusinessSchema,
        response: { 200: businessSchema },
      },
    },
    async (request) =>
      presentBusiness(
        await updateBusiness(ctx.database.db, {
          config: ctx.config,
          ownerUid: userActorOf(request).uid,
          businessId: request.params.business_id,
          input: request.body,
          now: ctx.now(),
        }),
      ),
  );

  app.delete(
    '/businesses/:business_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Delete a business no project uses',
        params,
      },
    },
    async (request, reply) => {
      await deleteBusiness(ctx.database.db, {
        ownerUid: userActorOf(request).uid,
        businessId: request.params.business_id,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/businesses/:business_id/payment-provider/test',
    {
      schema: {
        tags,
        summary: 'Test the payment provider connection',
        params,
        response: { 200: z.object({ ok: z.boolean(), provider: z.string(), detail: z.string() }) },
      },
    },
    async (request) => {
      const business = await getOwnedBusiness(ctx.database.db, {
        ownerUid: userActorOf(request).uid,
        businessId: request.params.business_id,
      });
      return testStripeConnection(ctx.config, business, stripeEndpoint(ctx.config));
    },
  );

  const walletDescription =
    'Apple Pay and Google Pay on the pay page (docs/guide/wallets.md): the pay page’s domain (PUBLIC_URL’s host), ' +
    'whether it is registered with the business’s Stripe account and each wallet’s state there. A business on the ' +
    'payment simulator answers `provider: simulator` and registers nothing (the pay page has a wallet sheet of its ' +
    'own). 502 `provider_error` when Stripe refuses, 503 `service_unavailable` when it cannot be reached.';
  app.get(
    '/businesses/:business_id/wallet-domain',
    {
      schema: {
        tags,
        summary: 'Show the pay page’s wallet domain',
        description: walletDescription,
        params,
        response: { 200: walletDomainSchema },
      },
    },
    async (request) => {
      const business = await getOwnedBusiness(ctx.database.db, {
        ownerUid: userActorOf(request).uid,
        businessId: request.params.business_id,
      });
      return walletDomain(ctx.config, business, { register: false, endpoint: stripeEndpoint(ctx.config) });
    },
  );

  app.post(
    '/businesses/:business_id/wallet-domain',
    {
      schema: {
        tags,
        summary: 'Register the pay page’s domain for wallets',
        description: `${walletDescription} Registers the domain with Stripe, or asks Stripe to check it again when it is registered already (after the Apple Pay file was added). 409 \`conflict\` when PUBLIC_URL is not a domain name Stripe can register.`,
        params,
        response: { 200: walletDomainSchema },
      },
    },
    async (request) => {
      const business = await getOwnedBusiness(ctx.database.db, {
        ownerUid: userActorOf(request).uid,
        businessId: request.params.business_id,
      });
      return walletDomain(ctx.config, business, { register: true, endpoint: stripeEndpoint(ctx.config) });
    },
  );
}
