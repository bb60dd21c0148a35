import {
  heartbeatSchema,
  noContentSchema,
  pairRequestSchema,
  pairResponseSchema,
  terminalSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentTerminal } from '../../../domain/presenters/payments';
import { consumePairAttempt, RateLimited } from '../../../domain/terminals/pair-rate-limit';
import { pairTerminal } from '../../../domain/terminals/pairing';
import { recordHeartbeat } from '../../../domain/terminals/record-heartbeat';
import { unpairDevice } from '../../../domain/terminals/unpair-device';
import { cashierCallerOf, deviceOf } from '../caller';

const tags = ['terminal devices'];

/** What a device does for itself: pair once, then heartbeat, and unpair. */
export function deviceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  app.post(
    '/pair',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        summary: 'Trade a pairing code for a device token (shown once)',
        description:
          'No credential. Rate limited per client IP (429 with Retry-After). A wrong, used or expired code is ' +
          '400 `pairing_code_invalid`.',
        body: pairRequestSchema,
        response: { 201: pairResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await consumePairAttempt(ctx, `pair:ip:${request.ip}`);
      } catch (error) {
        if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      const { terminal, deviceToken } = await pairTerminal(ctx.database, request.body, ctx.now());
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ terminal: presentTerminal(terminal), device_token: deviceToken });
    },
  );

  app.post(
    '/heartbeat',
    {
      schema: {
        tags,
        security: [{ deviceToken: [] }],
        summary: 'The device is alive (online until no heartbeat for TERMINAL_OFFLINE_AFTER_SECONDS)',
        body: heartbeatSchema.optional(),
        response: { 200: terminalSchema },
      },
    },
    async (request) => {
      const { terminal } = await recordHeartbeat(ctx.database, {
        device: deviceOf(request),
        input: request.body ?? {},
        now: ctx.now(),
        offlineAfterSeconds: ctx.config.terminalOfflineAfterSeconds,
      });
      return presentTerminal(terminal);
    },
  );

  app.post(
    '/unpair',
    {
      schema: {
        tags,
        security: [{ deviceToken: [] }],
        summary: 'The device unpairs itself (a manager, where the project has staff)',
        description:
          "Device token; where the project has staff, also a manager's `Cashier-Session` header (401 " +
          "`cashier_required` without one, 403 `manager_required` with a cashier's). The device token stops " +
          'working at once and the terminal is `unpaired` until paired again with a new code.',
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const device = deviceOf(request);
      const caller = await cashierCallerOf(request);
      await unpairDevice(ctx, {
        device,
        cashier: caller.kind === 'device' ? (caller.cashier ?? null) : null,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
}
