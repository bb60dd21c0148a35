import { closeSchema, createCloseSchema, currentCloseSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createClose } from '../../../domain/books/create-close';
import { getCurrentClose } from '../../../domain/books/current-close';
import { optionalIdempotencyKey } from '../../../domain/idempotency/idempotency';
import { pathParams } from '../../params';
import { callerOf, cashierCallerOf, deviceOf } from '../caller';

const terminalParams = pathParams('project_id', 'terminal_id');
const tags = ['closes'];
const countedOf = (body: { counted_cash?: number | undefined } | undefined) =>
  body?.counted_cash === undefined ? {} : { countedCash: body.counted_cash };
const security: Record<string, string[]>[] = [{ deviceToken: [] }, { apiKey: [] }, { idToken: [] }];

/**
 * Closes (Z reports) as registers make them: the device for itself, a write key or
 * an admin/owner for any terminal of the project; and the running X report.
 */
export function closeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  app.post(
    '/projects/:project_id/terminals/:terminal_id/closes',
    {
      schema: {
        tags,
        security,
        summary: "Close a terminal's day (Z report)",
        description:
          'Covers the terminal from the end of its previous close (or its first activity) to now, in one database ' +
          'transaction: every payment and refund lands in exactly one close. A close with nothing in it is allowed ' +
          '(a zero report). Closes are never changed or deleted. A device may close only its own terminal. ' +
          'While the terminal has an open cash drawer, `counted_cash` (what was counted in it) is required ' +
          '(422 `counted_cash_required`); the close holds the drawer in `totals[].cash` and ends it.',
        params: terminalParams,
        body: createCloseSchema.optional(),
        response: { 201: closeSchema },
      },
    },
    async (request, reply) => {
      const close = await createClose(ctx, {
        caller: await cashierCallerOf(request),
        projectId: request.params.project_id,
        terminalId: request.params.terminal_id,
        ...optionalIdempotencyKey(request.headers['idempotency-key']),
        ...countedOf(request.body),
      });
      return reply.status(201).send(close);
    },
  );

  app.get(
    '/projects/:project_id/terminals/:terminal_id/closes/current',
    {
      schema: {
        tags,
        security,
        summary: 'The running report (X report): what a close made now would hold',
        description: 'Nothing is written. `number` is the number the next close will take.',
        params: terminalParams,
        response: { 200: currentCloseSchema },
      },
    },
    async (request) =>
      getCurrentClose(ctx.database.db, {
        caller: callerOf(request),
        projectId: request.params.project_id,
        terminalId: request.params.terminal_id,
        now: ctx.now(),
      }),
  );

  app.post(
    '/closes',
    {
      schema: {
        tags,
        security: [{ deviceToken: [] }],
        summary: "The device closes its own terminal's day (Z report)",
        description:
          'As `POST /projects/{project_id}/terminals/{terminal_id}/closes`, for the paired device itself.',
        body: createCloseSchema.optional(),
        response: { 201: closeSchema },
      },
    },
    async (request, reply) => {
      const device = deviceOf(request);
      const close = await createClose(ctx, {
        caller: await cashierCallerOf(request),
        projectId: device.projectId,
        terminalId: device.terminalId,
        ...optionalIdempotencyKey(request.headers['idempotency-key']),
        ...countedOf(request.body),
      });
      return reply.status(201).send(close);
    },
  );
}
