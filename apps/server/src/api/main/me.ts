import { type User, userSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserById } from '../../identity/users/find-user';
import { requireUser } from '../../platform/auth/authenticate';
import type { Principal } from '../../platform/auth/principal';
import type { AppContext } from '../../platform/context';

export const meResponseSchema = z.object({ user: userSchema });

/** The caller as the console shows them; profile fields come from the identity service's record. */
export async function presentUser(
  ctx: AppContext,
  principal: Extract<Principal, { kind: 'user' }>,
): Promise<User> {
  const user =
    ctx.config.auth.provider === 'builtin' ? await findUserById(ctx.database.db, principal.uid) : undefined;
  return {
    uid: principal.uid,
    email: user?.email ?? principal.email,
    email_verified: user?.emailVerified ?? principal.emailVerified,
    display_name: user?.displayName ?? null,
    photo_url: user?.photoUrl ?? null,
    sign_in_provider: principal.signInProvider,
  };
}

export function meRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/me',
      { schema: { tags: ['me'], summary: 'The signed-in user', response: { 200: meResponseSchema } } },
      async (request) => ({ user: await presentUser(app.ctx, requireUser(request)) }),
    );
}
