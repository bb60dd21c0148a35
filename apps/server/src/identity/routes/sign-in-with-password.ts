import type { FastifyInstance } from 'fastify';
import { burnPasswordCheck, verifyPassword } from '../../platform/crypto/hash-password';
import { IdentityError } from '../identity-error';
import { completeFirstFactor } from '../mfa/challenge';
import {
  clientKey,
  consumeRateLimit,
  isHeldBack,
  LIMITS,
  recordFailure,
  recordSuccess,
  SIGN_IN_FAILURES,
} from '../rate-limit';
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
    if (await isHeldBack(ctx, { limits: SIGN_IN_FAILURES, subject: account, ip: request.ip })) {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
    }
    const user = await findUserByEmail(ctx.database.db, email);
    // Unknown address and wrong password take the same path and time: one answer for both.
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!user || !ok) {
      await recordFailure(ctx, { limits: SIGN_IN_FAILURES, subject: account, ip: request.ip });
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    const session = await completeFirstFactor(ctx, {
      user,
      provider: 'password',
      request: sessionRequest(request),
    });
    // With a second factor pending, the password alone does not clear earlier failures:
    // otherwise whoever knows it could reset the count between guesses at the code.
    if (!('mfaPendingCredential' in session))
      await recordSuccess(ctx, { limits: SIGN_IN_FAILURES, subject: account, ip: request.ip });
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
