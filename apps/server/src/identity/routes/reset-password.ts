import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/crypto/hash-password';
import { IdentityError } from '../identity-error';
import { consumeOobCode, peekOobCode } from '../oob/oob-codes';
import { checkPassword } from '../password-policy';
import { findUserById } from '../users/find-user';
import { markEmailVerified, setPassword } from '../users/update-user';
import { identityRoute, str } from './define-route';

/**
 * `accounts:resetPassword`: with only `oobCode` it describes the code (the SDK's
 * checkActionCode and verifyPasswordResetCode); with `newPassword` it resets the password,
 * which signs the user out everywhere.
 */
export function resetPasswordRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:resetPassword', async (body) => {
    const db = ctx.database.db;
    if (body.newPassword === undefined) {
      const code = await peekOobCode(db, { code: body.oobCode, now: ctx.now() });
      return {
        kind: 'identitytoolkit#ResetPasswordResponse',
        email: code.email,
        requestType: code.kind,
        ...(code.newEmail ? { newEmail: code.newEmail } : {}),
      };
    }
    const password = str(body.newPassword) ?? '';
    await peekOobCode(db, { code: body.oobCode, now: ctx.now(), kinds: ['PASSWORD_RESET'] });
    checkPassword(ctx.config.passwordPolicy, password);
    const passwordHash = await hashPassword(password);
    const code = await consumeOobCode(db, { code: body.oobCode, now: ctx.now(), kinds: ['PASSWORD_RESET'] });
    const user = code.uid ? await findUserById(db, code.uid) : undefined;
    if (!user) throw new IdentityError('INVALID_OOB_CODE');
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    await setPassword(ctx.database, { uid: user.uid, passwordHash, now: ctx.now() });
    // Following the reset link proved the address.
    await markEmailVerified(ctx.database, user.uid, ctx.now());
    return {
      kind: 'identitytoolkit#ResetPasswordResponse',
      email: user.email,
      requestType: 'PASSWORD_RESET',
    };
  });
}
