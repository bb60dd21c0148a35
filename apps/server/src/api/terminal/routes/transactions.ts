import {
  createRefundSchema,
  createTenderSchema,
  createTransactionSchema,
  refundSchema,
  splitResultSchema,
  splitTendersSchema,
  tenderResultSchema,
  terminalTransactionSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_PATTERN, optionalIdempotencyKey } from '../../../domain/idempotency/idempotency';
import { cancelCheckout } from '../../../domain/payments/cancel-checkout';
import { captureHeldShares } from '../../../domain/payments/capture-held-shares';
import { refundTransaction } from '../../../domain/payments/refund-transaction';
import { presentTerminalTransaction } from '../../../domain/presenters/payments';
import { addCardTender, splitTenders } from '../../../domain/transactions/add-card-tenders';
import { addCashTender } from '../../../domain/transactions/add-cash-tender';
import { createTransaction } from '../../../domain/transactions/create-transaction';
import { getTerminalTransaction } from '../../../domain/transactions/get-terminal-transaction';
import { AppError } from '../../../platform/errors';
import { pathParams } from '../../params';
import { callerOf, cashierCallerOf } from '../caller';

const params = pathParams('transaction_id');
const tags = ['terminal transactions'];
const security: Record<string, string[]>[] = [{ deviceToken: [] }, { apiKey: [] }, { idToken: [] }];

function idempotencyKeyOf(raw: string | string[] | undefined): string {
  if (raw === undefined || raw === '') {
    throw new AppError(
      'idempotency_key_required',
      'Send an Idempotency-Key header (for example a UUID) so a retry cannot charge twice.',
    );
  }
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new AppError('validation_failed', 'The Idempotency-Key header is not valid.', [
      { path: 'headers.idempotency-key', message: 'One value of 1–255 printable ASCII characters' },
    ]);
  }
  return raw;
}

/** A device's payments: create with an Idempotency-Key, read, cancel. */
export function transactionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.post(
    '/transactions',
    {
      schema: {
        tags,
        security,
        summary: 'Create a pending transaction and its payment code (requires Idempotency-Key)',
        description:
          'Header `Idempotency-Key` is required: the same key with the same body answers the first response ' +
          'again for 24 hours (with `Idempotent-Replayed: true`); with another body it is 409 ' +
          '`idempotency_key_reused`. A device charges on itself; an API key (write) or an admin names `terminal_id`. ' +
          'A device of a project with staff sends its `Cashier-Session` header (401 `cashier_required` ' +
          'otherwise) and the transaction records `cashier_id` and `cashier_name`; an API key may name `cashier_id`. ' +
          '`skip_tipping: true` asks the shopper for no tip.',
        body: createTransactionSchema,
        response: { 201: terminalTransactionSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const result = await createTransaction(ctx.database, {
        caller: await cashierCallerOf(request),
        input: request.body,
        idempotencyKey: key,
        publicUrl: ctx.config.publicUrl,
        now: ctx.now(),
      });
      if (!result.created) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body);
    },
  );

  app.get(
    '/transactions/:transaction_id',
    {
      schema: {
        tags,
        security,
        summary: "One of the caller's transactions",
        params,
        response: { 200: terminalTransactionSchema },
      },
    },
    async (request) => {
      const { row, lineItems } = await getTerminalTransaction(ctx.database, {
        caller: callerOf(request),
        id: request.params.transaction_id,
        now: ctx.now(),
      });
      return presentTerminalTransaction(row, ctx.config.publicUrl, lineItems);
    },
  );

  app.post(
    '/transactions/:transaction_id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a pending transaction (its payment code stops working)',
        params,
        response: { 200: terminalTransactionSchema },
      },
    },
    async (request) => {
      const row = await cancelCheckout(ctx, {
        caller: await cashierCallerOf(request),
        id: request.params.transaction_id,
      });
      return presentTerminalTransaction(row, ctx.config.publicUrl);
    },
  );

  app.post(
    '/transactions/:transaction_id/tenders',
    {
      schema: {
        tags,
        security,
        summary: 'Pay part or all of a transaction in cash, or add a card share (requires Idempotency-Key)',
        description:
          'Cash handed over at the counter: `amount` is the share of `amount_due` it pays, `cash_given` what the ' +
          'shopper handed over; the tender succeeds at once with its `change`. The transaction becomes ' +
          '`partially_paid` (event `transaction.partially_paid`) or, when nothing is left due, `succeeded`. ' +
          'A card share (`{"method": "card", "amount": 1000}`) is a `pending` tender with a `payment_url` of its ' +
          'own: the shopper pays that share (and may tip on it) from their phone. ' +
          '`amount` over what is due is 422 `amount_exceeds_due`, `cash_given` under `amount` 422 ' +
          '`cash_given_too_low`; a card payment in flight is 409 `transaction_state_conflict`. The same ' +
          'Idempotency-Key answers the first tender again (docs/guide/tenders.md).',
        params,
        body: createTenderSchema,
        response: { 201: tenderResultSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const caller = await cashierCallerOf(request);
      const common = {
        caller,
        transactionId: request.params.transaction_id,
        idempotencyKey: key,
        publicUrl: ctx.config.publicUrl,
        now: ctx.now,
      };
      if (request.body.method === 'card') {
        const made = await addCardTender(db, { ...common, amount: request.body.amount });
        if (made.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(made.body);
      }
      const result = await addCashTender(ctx.database, { ...common, input: request.body });
      if (!result.changed) reply.header('idempotent-replayed', 'true');
      // Cash paid the rest of a split: the card shares only held are captured now.
      else if (result.changed.status === 'succeeded') await captureHeldShares(ctx, { row: result.changed });
      return reply.status(201).send(result.body);
    },
  );

  app.post(
    '/transactions/:transaction_id/tenders/split',
    {
      schema: {
        tags,
        security,
        summary: 'Split what is due into card shares, one payment page each (requires Idempotency-Key)',
        description:
          '`shares` (2 to 20) pending card tenders over `amount_due`, differing by at most one minor unit ' +
          '(the first ones carry the extra unit), each with its own `payment_url`: every shopper pays their share ' +
          'and may tip on it. Shares being paid at once never pay more than is due. The same Idempotency-Key ' +
          'answers the same tenders again (docs/guide/tenders.md#splitting-the-bill).',
        params,
        body: splitTendersSchema,
        response: { 201: splitResultSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const made = await splitTenders(db, {
        caller: await cashierCallerOf(request),
        transactionId: request.params.transaction_id,
        idempotencyKey: key,
        publicUrl: ctx.config.publicUrl,
        now: ctx.now,
        shares: request.body.shares,
      });
      if (made.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(made.body);
    },
  );

  app.post(
    '/transactions/:transaction_id/refunds',
    {
      schema: {
        tags,
        security: [{ deviceToken: [] }],
        summary: "Refund one of this terminal's payments at the counter (a manager's Cashier-Session)",
        description:
          "Device token and a manager's `Cashier-Session` header (401 `cashier_required` without one, " +
          "403 `manager_required` with a cashier's); only the terminal's own transactions. A project without staff " +
          'cannot refund from a device (403). Without amount, refunds what is left; never more than `amount_total` ' +
          '(409 `refund_exceeds_amount`). With `line_items` it refunds quantities of basket lines ' +
          '(409 `line_quantity_exceeds_remaining` past what is left of one).',
        params,
        body: createRefundSchema,
        response: { 201: refundSchema },
      },
    },
    async (request, reply) => {
      const caller = await cashierCallerOf(request);
      if (caller.kind !== 'device') {
        throw new AppError('forbidden', 'Refunds at the counter need a device token; use the main API.');
      }
      const refund = await refundTransaction(ctx, {
        actor: {
          kind: 'device',
          projectId: caller.projectId,
          terminalId: caller.terminalId,
          cashier: caller.cashier,
          ip: request.ip,
        },
        projectId: caller.projectId,
        transactionId: request.params.transaction_id,
        input: request.body,
        ...optionalIdempotencyKey(request.headers['idempotency-key']),
      });
      return reply.status(201).send(refund);
    },
  );
}
