import { Readable } from 'node:stream';
import {
  accountingExportQuerySchema,
  nextPayoutSchema,
  pageSchema,
  payoutItemSchema,
  payoutSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportPayout } from '../../../domain/books/accounting-export';
import { getNextPayout, getPayout, listPayoutItems, listPayouts } from '../../../domain/books/list-payouts';
import { payoutItemListSpec, payoutListSpec } from '../../../domain/books/payout-list-spec';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const payoutParams = pathParams('project_id', 'payout_id');
const tags = ['payouts'];

/** Payouts: from the provider to the bank, with their items and exports. */
export function payoutRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/projects/:project_id/payouts',
    {
      schema: {
        tags,
        summary: 'Payouts of a project, newest first',
        description: 'Filters as `field[mode]=value`: status, currency, amount, created_at. Keyset pages.',
        params,
        querystring: listQueryOf(payoutListSpec),
        response: { 200: pageSchema(payoutSchema) },
      },
    },
    async (request) =>
      listPayouts(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        req: listRequestOf(request.query),
      }),
  );

  app.get(
    '/projects/:project_id/payouts/next',
    {
      schema: {
        tags,
        summary: 'The next payout per currency and the day it goes out',
        description:
          "What is available by the next run at the project's `payout_time`; only positive balances.",
        params,
        response: { 200: nextPayoutSchema },
      },
    },
    async (request) =>
      getNextPayout(db, { actor: actorOf(request), projectId: request.params.project_id, now: ctx.now() }),
  );

  app.get(
    '/projects/:project_id/payouts/:payout_id',
    {
      schema: { tags, summary: 'One payout', params: payoutParams, response: { 200: payoutSchema } },
    },
    async (request) =>
      getPayout(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        payoutId: request.params.payout_id,
      }),
  );

  app.get(
    '/projects/:project_id/payouts/:payout_id/items',
    {
      schema: {
        tags,
        summary: "A payout's items: each payment and refund with its amount, fee and net",
        description: 'Oldest first; the items’ `net` add up to the payout’s `amount`. Keyset pages.',
        params: payoutParams,
        querystring: listQueryOf(payoutItemListSpec),
        response: { 200: pageSchema(payoutItemSchema) },
      },
    },
    async (request) =>
      listPayoutItems(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        payoutId: request.params.payout_id,
        req: listRequestOf(request.query),
      }),
  );

  app.get(
    '/projects/:project_id/payouts/:payout_id/export.csv',
    {
      config: { cookieAuth: true },
      schema: {
        tags,
        summary: 'Export a payout for accounting (csv, xero, quickbooks)',
        description:
          '`csv`: a header and one row per item (ISO date, type, transaction id, reference, card, gross, fee, net, ' +
          "currency; major units with a dot). `xero`: Xero's bank statement import template. `quickbooks`: QuickBooks " +
          "Online's 3-column bank transactions CSV. In every format the amounts add up exactly to the payout.",
        params: payoutParams,
        querystring: accountingExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { lines, filename } = await exportPayout(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        payoutId: request.params.payout_id,
        format: request.query.format,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
}
