import type { FastifyInstance } from 'fastify';
import { IdentityError } from '../identity-error';
import { burnPasswordCheck, verifyPassword } from '../passwords/hash-password';
import {
  clientKey,
  consumeRateLimit,
  isHeldBack,
  LIMITS,
  recordFailure,
  recordSuccess,
  SIGN_IN_FAILURES,
} from '../rate-limit';
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
    await consumeRateLimit(ctx, `signin:ip:${clientKey(request.ip)}`, LIMITS.signInPerIp);
    const account = normalizeEmail(email);
    if (await isHeldBack(ctx, SIGN_IN_FAILURES, account, request.ip)) {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
    }
    const user = await findUserByEmail(ctx.database.db, email);
    // Unknown address and wrong password take the same path and time: one answer for both.
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!user || !ok) {
      await recordFailure(ctx, SIGN_IN_FAILURES, account, request.ip);
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    await recordSuccess(ctx, SIGN_IN_FAILURES, account, request.ip);
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
