import {
  createRefundSchema,
  pageSchema,
  refundSchema,
  transactionDetailSchema,
  transactionSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalIdempotencyKey } from '../../../domain/idempotency/idempotency';
import { refundTransaction } from '../../../domain/payments/refund-transaction';
import { getTransaction } from '../../../domain/transactions/get-transaction';
import { listTransactions } from '../../../domain/transactions/list-transactions';
import { transactionListSpec } from '../../../domain/transactions/transaction-list-spec';
import { readOnReplica } from '../../../platform/read-your-writes';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentTransactionDetail } from '../../presenters/transactions';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const txnParams = pathParams('project_id', 'transaction_id');
const tags = ['transactions'];

export function transactionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/projects/:project_id/transactions',
    {
      schema: {
        tags,
        summary: 'Transactions of a project',
        description:
          'Filters as `field[mode]=value` (status, amount, currency, terminal_id, reference, card_last4, card_brand, ' +
          'amount_refunded, created_at; `status[equals]=succeeded,refunded` takes several), `sort=-created_at` or ' +
          '`amount`, keyset pages with `starting_after`.',
        params,
        querystring: listQueryOf(transactionListSpec),
        response: { 200: pageSchema(transactionSchema) },
      },
    },
    async (request) =>
      readOnReplica(request, (db) =>
        listTransactions(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          req: listRequestOf(request.query),
        }),
      ),
  );

  app.get(
    '/projects/:project_id/transactions/:transaction_id',
    {
      schema: {
        tags,
        summary: 'One transaction with its history, attempts, scans and refunds',
        params: txnParams,
        response: { 200: transactionDetailSchema },
      },
    },
    async (request) =>
      presentTransactionDetail(
        await getTransaction(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          id: request.params.transaction_id,
        }),
      ),
  );

  app.post(
    '/projects/:project_id/transactions/:transaction_id/refunds',
    {
      schema: {
        tags,
        summary: 'Refund all or part of a payment',
        description:
          'Without amount, refunds what is left. Never more than was paid: 409 refund_exceeds_amount. ' +
          'With `line_items` [{line_id, quantity}] it refunds those quantities of the basket and computes the amount; ' +
          'more of a line than is left is 409 `line_quantity_exceeds_remaining`.',
        params: txnParams,
        body: createRefundSchema,
        response: { 201: refundSchema },
      },
    },
    async (request, reply) => {
      const refund = await refundTransaction(ctx, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        transactionId: request.params.transaction_id,
        input: request.body,
        ...optionalIdempotencyKey(request.headers['idempotency-key']),
      });
      return reply.status(201).send(refund);
    },
  );
}
