import type { FastifyInstance } from 'fastify';
import { IdentityError } from '../identity-error';
import { burnPasswordCheck, verifyPassword } from '../passwords/hash-password';
import { consumeRateLimit, isRateLimited, LIMITS } from '../rate-limit';
import { issueSession } from '../tokens/issue-session';
import { findUserByEmail } from '../users/find-user';
import { normalizeEmail, requireEmail } from '../users/normalize-email';
import { identityRoute, sessionRequest, str } from './define-route';

export function signInWithPasswordRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:signInWithPassword', async (body, request) => {
    const email = requireEmail(body.email);
    const password = str(body.password);
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    await consumeRateLimit(ctx, `signin:ip:${request.ip}`, LIMITS.signInPerIp);
    const accountKey = `signin:fail:${normalizeEmail(email)}`;
    if (await isRateLimited(ctx, accountKey, LIMITS.signInFailuresPerAccount)) {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
    }
    const user = await findUserByEmail(ctx.database.db, email);
    // Unknown address and wrong password take the same path and time: one answer for both.
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!user || !ok) {
      await consumeRateLimit(ctx, accountKey, {
        ...LIMITS.signInFailuresPerAccount,
        limit: Number.MAX_SAFE_INTEGER,
      });
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    const session = await issueSession(ctx, user, { provider: 'password', request: sessionRequest(request) });
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: user.uid,
      email: user.email,
      displayName: user.displayName ?? '',
      registered: true,
      ...session,
    };
  });
}
