import type { FastifyInstance } from 'fastify';
import { open } from '../../platform/crypto/secret-box';
import { requestLanguages } from '../../platform/i18n/recipient-locale';
import { IdentityError } from '../identity-error';
import { claimStep, listFactors } from '../mfa/factors';
import { deletePending, recordPendingFailure, requirePending } from '../mfa/pending';
import { countUnusedRecoveryCodes, spendRecoveryCode } from '../mfa/recovery-codes';
import { sendMfaSecurityMail } from '../mfa/security-mail';
import { isTotpCode, matchTotpStep } from '../mfa/totp';
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
import { findUserById } from '../users/find-user';
import { normalizeEmail } from '../users/normalize-email';
import { identityRoute, sessionRequest, str } from './define-route';

/**
 * `mfaSignIn:finalize` with `totpVerificationInfo`: the second step of a sign-in. The code is
 * an authenticator code (±1 step, each step once) or, beyond Firebase, one of the user's
 * recovery codes. Wrong codes count against the pending credential (5 end it) and against
 * the same per-address and per-account sign-in limits as wrong passwords.
 */
export function mfaSignInRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v2/accounts/mfaSignIn:finalize', async (body, request) => {
    const info = body.totpVerificationInfo as Record<string, unknown> | undefined;
    if (!info || typeof info !== 'object')
      throw new IdentityError('INVALID_ARGUMENT : Only TOTP is supported');
    if (body.mfaPendingCredential === undefined) throw new IdentityError('MISSING_MFA_PENDING_CREDENTIAL');
    await consumeRateLimit(ctx, `signin:ip:${clientKey(request.ip)}`, LIMITS.signInPerIp);
    const pending = await requirePending(ctx, {
      token: body.mfaPendingCredential,
      kind: 'signin',
      errorCode: 'INVALID_MFA_PENDING_CREDENTIAL',
    });
    const user = await findUserById(ctx.database.db, pending.uid);
    if (!user) throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL');
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    const account = normalizeEmail(user.email ?? user.uid);
    if (await isHeldBack(ctx, { limits: SIGN_IN_FAILURES, subject: account, ip: request.ip })) {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
    }
    const factors = await listFactors(ctx.database.db, user.uid);
    const enrollmentId = str(body.mfaEnrollmentId);
    if (!enrollmentId) throw new IdentityError('MISSING_MFA_ENROLLMENT_ID');
    const factor = factors.find((f) => f.id === enrollmentId);
    if (!factor) throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND');
    const code = (str(info.verificationCode) ?? '').trim();

    let accepted = false;
    let usedRecovery = false;
    if (isTotpCode(code)) {
      const step = await matchTotpStep(open(ctx.config, factor.secretSealed), code, ctx.now());
      accepted = step !== null && (await claimStep(ctx.database.db, factor.id, step));
    } else {
      accepted = usedRecovery = await spendRecoveryCode(ctx, user.uid, code);
    }
    if (!accepted) {
      await recordPendingFailure(ctx, pending);
      await recordFailure(ctx, { limits: SIGN_IN_FAILURES, subject: account, ip: request.ip });
      throw new IdentityError('INVALID_CODE');
    }
    // A pending credential signs in once: a second finalize with it is refused.
    if (!(await deletePending(ctx.database.db, pending.tokenHash)))
      throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL');
    await recordSuccess(ctx, { limits: SIGN_IN_FAILURES, subject: account, ip: request.ip });
    if (usedRecovery) {
      const remaining = await countUnusedRecoveryCodes(ctx.database.db, user.uid);
      await sendMfaSecurityMail(ctx, {
        user,
        event: { kind: 'recovery_code_used', remaining },
        log: request.log,
        languages: requestLanguages(request.headers),
      });
    }
    const session = await issueSession(ctx, user, {
      provider: pending.provider ?? 'password',
      request: sessionRequest(request),
      secondFactor: { factor: 'totp', identifier: factor.id },
      signIn: true,
    });
    return { idToken: session.idToken, refreshToken: session.refreshToken };
  });
}
