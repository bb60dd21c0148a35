import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

import { verifyIdTokenPrincipal } from './authenticate';

export const SESSION_COOKIE = '__session';
/** Seed §9: token max age for session sync, 300 seconds. */
export const SESSION_MAX_AGE_S = 300;

/**
 * Session sync (seed §7): the firebase SDK posts each new ID token here with
 * `Authorization: Bearer`, and sends DELETE on sign-out. The cookie lets downloads and
 * event streams, which cannot send headers, authenticate.
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
  app.delete('/auth/session', async (_request, reply) => {
    reply.header('set-cookie', `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`);
    return reply.status(204).send();
  });
}
