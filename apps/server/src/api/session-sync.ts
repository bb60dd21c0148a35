import type { FastifyInstance } from 'fastify';
import { revokeSession } from '../identity/sessions/sessions';
import { verifyIdTokenPrincipal } from '../identity/tokens/verify-id-token-principal';
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from '../platform/auth/session-cookie';
import type { AppContext } from '../platform/context';
import { readCookie } from '../platform/cookies';
import { AppError } from '../platform/errors';

/**
 * Session sync (seed §7): the firebase SDK posts each new ID token here with
 * `Authorization: Bearer`, and sends DELETE on sign-out. The cookie lets downloads and
 * event streams, which cannot send headers, authenticate. The DELETE also ends the session
 * the cookie's token names, as Settings → Sessions → End does; the console
 * ends it explicitly too, since the cookie outlives no ID token by more than five minutes.
 */
export async function sessionSyncRoutes(app: FastifyInstance, ctx: AppContext) {
  const attributes = `Path=/; HttpOnly; Secure; SameSite=Strict`;
  app.post('/auth/session', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    await verifyIdTokenPrincipal(ctx, token);
    reply.header('set-cookie', `${SESSION_COOKIE}=${token}; ${attributes}; Max-Age=${SESSION_MAX_AGE_S}`);
    return reply.status(204).send();
  });
  app.delete('/auth/session', async (request, reply) => {
    await endCookieSession(ctx, readCookie(request.headers.cookie, SESSION_COOKIE));
    reply.header('set-cookie', `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`);
    return reply.status(204).send();
  });
}

async function endCookieSession(ctx: AppContext, token: string | undefined) {
  if (!token || ctx.config.auth.provider !== 'builtin') return;
  const principal = await verifyIdTokenPrincipal(ctx, token).catch(() => null);
  if (principal?.kind !== 'user' || !principal.sessionId) return;
  try {
    await revokeSession(ctx.database, { uid: principal.uid, sessionId: principal.sessionId, now: ctx.now() });
  } catch (error) {
    // Already ended (the console's own DELETE came first): nothing left to do.
    if (!(error instanceof AppError && error.status === 404)) throw error;
  }
}
