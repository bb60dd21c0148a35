import {
  cashierSchema,
  cashierSessionSchema,
  cashierSignInSchema,
  noContentSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cashierRequired } from '../../../domain/staff/resolve-cashier-session';
import { endCashierSession, PinLocked, signInCashier } from '../../../domain/staff/sign-in-cashier';
import { presentCashierSession } from '../../presenters/staff';
import { cashierCallerOf, deviceOf } from '../caller';

const tags = ['terminal cashiers'];
const security: Record<string, string[]>[] = [{ deviceToken: [] }];

/** A cashier signs in to the terminal with a PIN, and out again. */
export function cashierSessionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  app.post(
    '/cashier-sessions',
    {
      schema: {
        tags,
        security,
        summary: 'A cashier signs in on this terminal with their PIN',
        description:
          'Device token only. Answers the cashier and a `cashier_session` to send as the `Cashier-Session` header; ' +
          "it ends after the project's `cashier_idle_minutes` without a request, on sign-out, when another cashier " +
          'signs in here, and when the cashier is disabled or deleted. A wrong PIN is 400 `validation_failed`; the ' +
          'fifth wrong PIN on this terminal within 15 minutes locks PIN sign-in here for 15 minutes (429 ' +
          '`too_many_attempts` with Retry-After), writes an audit entry and emails the owner.',
        body: cashierSignInSchema,
        response: { 201: cashierSessionSchema },
      },
    },
    async (request, reply) => {
      try {
        const session = await signInCashier(ctx, {
          device: deviceOf(request),
          pin: request.body.pin,
          ip: request.ip,
        });
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(presentCashierSession(session));
      } catch (error) {
        if (error instanceof PinLocked) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    '/cashier-sessions/current',
    {
      schema: {
        tags,
        security,
        summary: 'The cashier signed in on this terminal (keeps the session alive)',
        description:
          'Device token and `Cashier-Session` header; 401 `cashier_required` once the session ended.',
        response: { 200: z.object({ cashier: cashierSchema }) },
      },
    },
    async (request) => {
      deviceOf(request);
      const caller = await cashierCallerOf(request);
      const cashier = caller.kind === 'device' ? caller.cashier : null;
      if (!cashier) throw cashierRequired();
      return { cashier: { id: cashier.id, name: cashier.name, role: cashier.role } };
    },
  );

  app.delete(
    '/cashier-sessions/current',
    {
      schema: {
        tags,
        security,
        summary: 'The cashier signs out of this terminal',
        description: 'Device token and `Cashier-Session` header. The terminal is locked again.',
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const device = deviceOf(request);
      const caller = await cashierCallerOf(request);
      const cashier = caller.kind === 'device' ? caller.cashier : null;
      if (!cashier) throw cashierRequired();
      await endCashierSession(ctx, {
        projectId: device.projectId,
        sessionId: cashier.sessionId,
        reason: 'signed_out',
      });
      return reply.status(204).send(null);
    },
  );
}
