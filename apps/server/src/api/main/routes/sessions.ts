import { noContentSchema, type SessionInfo, sessionListSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionView,
} from '../../../identity/sessions/sessions';
import { requireUser } from '../../../platform/auth/authenticate';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { pathParams } from '../../params';

const present = (s: SessionView): SessionInfo => ({
  id: s.id,
  created_at: s.createdAt.toISOString(),
  last_used_at: s.lastUsedAt.toISOString(),
  ip: s.ip,
  user_agent: s.userAgent,
  browser: s.os ? `${s.browser} on ${s.os}` : s.browser,
  current: s.current,
  second_factor: s.secondFactor,
});

// Sessions are the built-in sign-in service's; with Google's, Google keeps them.
function requireBuiltin(ctx: AppContext) {
  if (ctx.config.auth.provider !== 'builtin')
    throw new AppError('bad_request', 'Sessions belong to the built-in sign-in service.');
}

const sessionParams = pathParams('session_id');

/** Settings → Sessions: see where you are signed in, end any of it. */
export function sessionRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/me/sessions',
    {
      schema: {
        tags: ['me'],
        summary: 'Your signed-in sessions, most recently used first',
        description: 'One per sign-in. `current` marks the session this request comes from.',
        response: { 200: sessionListSchema },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      requireBuiltin(ctx);
      const sessions = await listSessions(ctx.database, principal.uid, principal.sessionId);
      return { data: sessions.map(present) };
    },
  );
  r.delete(
    '/me/sessions/:session_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags: ['me'],
        summary: 'End one session',
        description:
          'Its refresh token stops working at once and its ID tokens are refused by every product API within seconds.',
        params: sessionParams,
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      requireBuiltin(ctx);
      await revokeSession(ctx.database, {
        uid: principal.uid,
        sessionId: request.params.session_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/me/sessions/revoke-others',
    {
      schema: {
        tags: ['me'],
        summary: 'End every session but this one',
        body: z.object({}).strict().optional(),
        response: { 200: z.object({ revoked: z.number().int() }) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      requireBuiltin(ctx);
      if (!principal.sessionId)
        throw new AppError('recent_sign_in_required', 'Sign in again to manage your other sessions.');
      const revoked = await revokeOtherSessions(ctx.database, {
        uid: principal.uid,
        currentSessionId: principal.sessionId,
        now: ctx.now(),
      });
      return { revoked };
    },
  );
}
