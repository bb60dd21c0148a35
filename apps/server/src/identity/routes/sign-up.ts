import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/crypto/hash-password';
import { IdentityError } from '../identity-error';
import { checkPassword } from '../password-policy';
import { clientKey, consumeRateLimit, LIMITS } from '../rate-limit';
import { issueSession } from '../tokens/issue-session';
import { createUser } from '../users/create-user';
import { requireEmail } from '../users/normalize-email';
import { identityRoute, sessionRequest, str } from './define-route';

export function signUpRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:signUp', async (body, request) => {
    // Anonymous accounts are not offered: every Scanline user has an email.
    if (body.email === undefined && body.password === undefined)
      throw new IdentityError('ADMIN_ONLY_OPERATION');
    const email = requireEmail(body.email);
    const password = str(body.password) ?? '';
    checkPassword(ctx.config.passwordPolicy, password);
    await consumeRateLimit(ctx, `signup:ip:${clientKey(request.ip)}`, LIMITS.signUpPerIp);
    const user = await createUser(
      ctx.database.db,
      { email, passwordHash: await hashPassword(password), displayName: str(body.displayName) ?? null },
      ctx.now(),
    );
    const session = await issueSession(ctx, user, { provider: 'password', request: sessionRequest(request) });
    return {
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: user.uid,
      email: user.email,
      ...session,
    };
  });
}
