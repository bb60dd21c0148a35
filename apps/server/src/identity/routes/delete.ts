import type { FastifyInstance } from 'fastify';
import { requireRecentSignIn, requireTokenUser } from '../users/require-user';
import { deleteUser } from '../users/update-user';
import { identityRoute } from './define-route';

export function deleteRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:delete', async (body) => {
    const { user, claims } = await requireTokenUser(ctx, body.idToken);
    requireRecentSignIn(ctx, claims);
    await deleteUser(ctx.database, user.uid);
    return { kind: 'identitytoolkit#DeleteAccountResponse' };
  });
}
