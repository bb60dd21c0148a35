import { Readable } from 'node:stream';
import {
  accountingExportQuerySchema,
  closeDetailSchema,
  closeSchema,
  closeVerifySchema,
  pageSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportClose } from '../../../domain/books/accounting-export';
import { closeListSpec } from '../../../domain/books/close-list-spec';
import { getClose, listCloses } from '../../../domain/books/list-closes';
import { verifyProjectCloses } from '../../../domain/books/verify-closes';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const closeParams = pathParams('project_id', 'close_id');
const tags = ['closes'];

/** Closes (Z reports): read-only here; they are made through the terminal API. */
export function closeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.ctx.database.db;

  app.get(
    '/projects/:project_id/closes',
    {
      schema: {
        tags,
        summary: 'Closes of a project, newest first',
        description:
          'Filters as `field[mode]=value`: terminal_id, created_at. Keyset pages with `starting_after`.',
        params,
        querystring: listQueryOf(closeListSpec),
        response: { 200: pageSchema(closeSchema) },
      },
    },
    async (request) =>
      listCloses(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        req: listRequestOf(request.query),
      }),
  );

  app.get(
    '/projects/:project_id/closes/verify',
    {
      schema: {
        tags,
        summary: "Recompute every close's hash chain and figures",
        description:
          'Per terminal: numbers without gaps, each `previous_hash` the hash before it (64 zeros for the first), each ' +
          "`hash` the SHA-256 of the close's canonical JSON, and its totals recomputed from the payments and refunds " +
          'of its period. `broken` lists every close that fails, and why (`first_broken` the first); a purged ' +
          "project's closes are checked by chain and hash alone (`purged: true`).",
        params,
        response: { 200: closeVerifySchema },
      },
    },
    async (request) => verifyProjectCloses(db, actorOf(request), request.params.project_id),
  );

  app.get(
    '/projects/:project_id/closes/:close_id',
    {
      schema: {
        tags,
        summary: 'One close, with the ids of its payments and refunds',
        params: closeParams,
        response: { 200: closeDetailSchema },
      },
    },
    async (request) =>
      getClose(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        closeId: request.params.close_id,
      }),
  );

  app.get(
    '/projects/:project_id/closes/:close_id/export.csv',
    {
      config: { cookieAuth: true },
      schema: {
        tags,
        summary: 'Export a close for accounting (csv, xero, quickbooks)',
        description:
          'Its payments (+) and refunds (−) at their amounts, fee 0: per currency they add up to the close’s `net`. ' +
          'Formats as for payouts. `currency=` keeps one currency; a xero or quickbooks file of a close in several ' +
          'currencies needs it (422 currency_required naming them).',
        params: closeParams,
        querystring: accountingExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { lines, filename } = await exportClose(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        closeId: request.params.close_id,
        format: request.query.format,
        ...(request.query.currency ? { currency: request.query.currency } : {}),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
}
