import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentTerminalTransaction } from '../../../domain/presenters/payments';
import { getTerminalTransaction } from '../../../domain/transactions/get-terminal-transaction';
import { BUS_CHANNELS } from '../../../platform/bus';
import { closeEventStreamsOnShutdown, openEventStream } from '../../../platform/sse';
import { pathParams } from '../../params';
import { callerOf } from '../caller';

const params = pathParams('transaction_id');
/** Clients reconnect after 3 s. */
const RETRY_MS = 3000;
/** Safety net for a missed NOTIFY (a LISTEN connection that dropped): re-read this often. */
const POLL_MS = 3000;
const PING_MS = 25_000;

/**
 * `GET /transactions/{transaction_id}/events`: the current status at once, then every change, ending
 * after a final status. Changes made on any replica arrive through the bus; each message
 * is only a hint to re-read the row.
 */
export function transactionEventRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  closeEventStreamsOnShutdown(root);

  app.get(
    '/transactions/:transaction_id/events',
    {
      schema: {
        tags: ['terminal transactions'],
        security: [{ deviceToken: [] }, { apiKey: [] }, { idToken: [] }],
        summary: "Server-sent events of a transaction's status",
        description:
          '`text/event-stream`: `retry: 3000`, then `event: status` with the transaction as JSON, at once and ' +
          'after every change; the stream ends after a final status (succeeded, failed, canceled, expired, refunded).',
        params,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Authorise and read before taking over the response, so refusals are ordinary problems.
      const first = await getTerminalTransaction(ctx.database, {
        caller,
        id: request.params.transaction_id,
        now: ctx.now(),
      });

      const stream = openEventStream(request, reply, { retryMs: RETRY_MS, kind: 'transaction' });
      let lastSent = '';
      let reading = false;
      let again = false;
      const emit = (row: typeof first.row) => {
        const body = presentTerminalTransaction(row, ctx.config.publicUrl);
        const key = `${body.status}|${body.updated_at}`;
        if (key !== lastSent) {
          lastSent = key;
          stream.send('status', body);
        }
        if (isFinalTransactionStatus(row.status)) stream.close();
      };
      const refresh = async () => {
        if (stream.closed) return;
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const { row } = await getTerminalTransaction(ctx.database, {
              caller,
              id: request.params.transaction_id,
              now: ctx.now(),
            });
            emit(row);
          } while (again && !stream.closed);
        } catch {
          // Revoked access or a database hiccup: end; the client reconnects and is told why.
          stream.close();
        } finally {
          reading = false;
        }
      };

      const unsubscribe = ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (message) => {
        if (message.id === request.params.transaction_id) void refresh();
      });
      const poll = setInterval(() => void refresh(), POLL_MS);
      const ping = setInterval(() => stream.comment('ping'), PING_MS);
      stream.onClose(() => {
        unsubscribe();
        clearInterval(poll);
        clearInterval(ping);
      });
      emit(first.row);
    },
  );
}
