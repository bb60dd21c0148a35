import type { FastifyInstance } from 'fastify';
import { listFactors, presentMfaInfo } from '../mfa/factors';
import { listProviderLinks } from '../users/find-user';
import { presentUserInfo } from '../users/present-user';
import { requireTokenUser } from '../users/require-user';
import { identityRoute } from './define-route';

export function lookupRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:lookup', async (body) => {
    const { user } = await requireTokenUser(ctx, body.idToken);
    const links = await listProviderLinks(ctx.database.db, user.uid);
    const factors = await listFactors(ctx.database.db, user.uid);
    const info = presentUserInfo(user, links);
    return {
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [factors.length ? { ...info, mfaInfo: presentMfaInfo(factors) } : info],
    };
  });
}
