import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityMfaFactors } from '../../db/schema';
import { open, seal } from '../../platform/crypto/secret-box';
import { requestLanguages } from '../../platform/i18n/recipient-locale';
import { newId } from '../../platform/ids';
import { IdentityError } from '../identity-error';
import { countFactors, listFactors, MAX_FACTORS } from '../mfa/factors';
import { createPending, deletePending, recordPendingFailure, requirePending } from '../mfa/pending';
import { sendMfaSecurityMail } from '../mfa/security-mail';
import { matchTotpStep, newTotpSecret, TOTP_DIGITS, TOTP_PERIOD_S } from '../mfa/totp';
import { reissueSession, secondFactorOf } from '../tokens/issue-session';
import { requireRecentSignIn, requireTokenUser } from '../users/require-user';
import { identityRoute, sessionRequest, str } from './define-route';

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * TOTP enrollment as Google's Identity Toolkit v2 answers it (what the firebase SDK's
 * TotpMultiFactorGenerator and multiFactor(user) send). Enrolling and removing a factor
 * need a verified address and a sign-in from the last 5 minutes.
 */
export function mfaEnrollmentRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const db = () => ctx.database.db;

  identityRoute(app, 'POST', 'v2/accounts/mfaEnrollment:start', async (body) => {
    const { user, claims } = await requireTokenUser(ctx, body.idToken);
    if (!obj(body.totpEnrollmentInfo)) throw new IdentityError('INVALID_ARGUMENT : Only TOTP is supported');
    if (!user.emailVerified) throw new IdentityError('UNVERIFIED_EMAIL');
    requireRecentSignIn(ctx, claims);
    if ((await countFactors(db(), user.uid)) >= MAX_FACTORS)
      throw new IdentityError('SECOND_FACTOR_LIMIT_EXCEEDED');
    const secret = newTotpSecret();
    const pending = await createPending(ctx, {
      kind: 'enroll',
      uid: user.uid,
      secretSealed: seal(ctx.config, secret),
    });
    return {
      totpSessionInfo: {
        sharedSecretKey: secret,
        verificationCodeLength: TOTP_DIGITS,
        hashingAlgorithm: 'SHA1',
        periodSec: TOTP_PERIOD_S,
        sessionInfo: pending.token,
        finalizeEnrollmentTime: pending.expiresAt.toISOString(),
      },
    };
  });

  identityRoute(app, 'POST', 'v2/accounts/mfaEnrollment:finalize', async (body, request) => {
    const { user, claims } = await requireTokenUser(ctx, body.idToken);
    const info = obj(body.totpVerificationInfo);
    if (!info) throw new IdentityError('INVALID_ARGUMENT : Only TOTP is supported');
    if (!user.emailVerified) throw new IdentityError('UNVERIFIED_EMAIL');
    requireRecentSignIn(ctx, claims);
    const pending = await requirePending(ctx, {
      token: info.sessionInfo,
      kind: 'enroll',
      errorCode: 'INVALID_SESSION_INFO',
    });
    if (pending.uid !== user.uid || !pending.secretSealed) throw new IdentityError('INVALID_SESSION_INFO');
    const secret = open(ctx.config, pending.secretSealed);
    const step = await matchTotpStep(secret, str(info.verificationCode) ?? '', ctx.now());
    if (step === null) {
      await recordPendingFailure(ctx, pending);
      throw new IdentityError('INVALID_CODE');
    }
    const displayName = (str(body.displayName) ?? '').trim().slice(0, 100);
    const id = newId('mfa');
    await ctx.database.db.transaction(async (tx) => {
      if (!(await deletePending(tx, pending.tokenHash))) throw new IdentityError('INVALID_SESSION_INFO');
      if ((await countFactors(tx, user.uid)) >= MAX_FACTORS)
        throw new IdentityError('SECOND_FACTOR_LIMIT_EXCEEDED');
      await tx.insert(identityMfaFactors).values({
        id,
        uid: user.uid,
        displayName: displayName || null,
        secretSealed: pending.secretSealed as string,
        lastUsedStep: step,
        enrolledAt: ctx.now(),
      });
    });
    await sendMfaSecurityMail(ctx, {
      user,
      event: { kind: 'factor_added', name: displayName },
      log: request.log,
      languages: requestLanguages(request.headers),
    });
    // The code just proved the factor: the new session counts as a two-step one.
    const session = await reissueSession(ctx, {
      user,
      sessionId: claims.sid,
      provider: claims.firebase?.sign_in_provider ?? 'password',
      request: sessionRequest(request),
      secondFactor: { factor: 'totp', identifier: id },
    });
    return { localId: user.uid, idToken: session.idToken, refreshToken: session.refreshToken };
  });

  identityRoute(app, 'POST', 'v2/accounts/mfaEnrollment:withdraw', async (body, request) => {
    const { user, claims } = await requireTokenUser(ctx, body.idToken);
    const enrollmentId = str(body.mfaEnrollmentId);
    if (!enrollmentId) throw new IdentityError('MISSING_MFA_ENROLLMENT_ID');
    requireRecentSignIn(ctx, claims);
    const [removed] = await db()
      .delete(identityMfaFactors)
      .where(and(eq(identityMfaFactors.id, enrollmentId), eq(identityMfaFactors.uid, user.uid)))
      .returning();
    if (!removed) throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND');
    await sendMfaSecurityMail(ctx, {
      user,
      event: { kind: 'factor_removed', name: removed.displayName ?? '' },
      log: request.log,
      languages: requestLanguages(request.headers),
    });
    // The caller's session keeps its second-factor mark only while that factor still exists.
    const kept = secondFactorOf(claims);
    const remaining = await listFactors(db(), user.uid);
    const secondFactor = kept && remaining.some((f) => f.id === kept.identifier) ? kept : null;
    const session = await reissueSession(ctx, {
      user,
      sessionId: claims.sid,
      provider: claims.firebase?.sign_in_provider ?? 'password',
      request: sessionRequest(request),
      secondFactor,
    });
    return { localId: user.uid, idToken: session.idToken, refreshToken: session.refreshToken };
  });
}
