import {
  type Auth,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getMultiFactorResolver,
  isSignInWithEmailLink,
  type MultiFactorError,
  type MultiFactorResolver,
  multiFactor,
  reauthenticateWithCredential,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  TotpMultiFactorGenerator,
  type User,
} from 'firebase/auth';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseClientPool, uniqueEmail } from '../test/firebase-client';
import { createTestApp, type TestApp } from '../test/harness';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer';
import { purgeExpiredMfaPending } from './mfa/pending';
import { replaceRecoveryCodes } from './mfa/recovery-codes';
import { markEmailVerified } from './users/update-user';

const PASSWORD = 'correct horse battery';

describe('two-step sign-in (TOTP) with the unmodified firebase SDK', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  const pool = firebaseClientPool(() => t);

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ listen: true, env: { SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100' } });
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
    await smtp.close();
  });

  /** The code an authenticator app shows `steps` periods from the server's now. */
  const codeFor = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(t.ctx.now().getTime() / 1000) + steps * 30 });

  async function verifiedUser(): Promise<{ auth: Auth; user: User; email: string }> {
    const email = uniqueEmail('mfa');
    const auth = pool.auth();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await markEmailVerified(t.ctx.database, user.uid, t.ctx.now());
    return { auth, user, email };
  }

  async function enroll(user: User, name = 'Phone') {
    const session = await multiFactor(user).getSession();
    const secret = await TotpMultiFactorGenerator.generateSecret(session);
    const assertion = TotpMultiFactorGenerator.assertionForEnrollment(
      secret,
      await codeFor(secret.secretKey),
    );
    await multiFactor(user).enroll(assertion, name);
    return secret.secretKey;
  }

  async function challenge(email: string): Promise<{ auth: Auth; resolver: MultiFactorResolver }> {
    const auth = pool.auth();
    const error = await signInWithEmailAndPassword(auth, email, PASSWORD).then(
      () => {
        throw new Error('signed in without a second factor');
      },
      (e: MultiFactorError) => e,
    );
    expect(error.code).toBe('auth/multi-factor-auth-required');
    return { auth, resolver: getMultiFactorResolver(auth, error) };
  }

  const totpHint = (resolver: MultiFactorResolver) => {
    const hint = resolver.hints.find((h) => h.factorId === TotpMultiFactorGenerator.FACTOR_ID);
    if (!hint) throw new Error('no TOTP hint');
    return hint.uid;
  };

  it('enrolls, lists the factor, and marks the new session as two-step', async () => {
    const { user } = await verifiedUser();
    const secret = await enroll(user, 'Work phone');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits in base32
    const factors = multiFactor(user).enrolledFactors;
    expect(factors).toHaveLength(1);
    expect(factors[0]).toMatchObject({ factorId: 'totp', displayName: 'Work phone' });
    const claims = decodeJwt(await user.getIdToken()) as { firebase: Record<string, unknown> };
    expect(claims.firebase.sign_in_second_factor).toBe('totp');
    expect(claims.firebase.second_factor_identifier).toBe(factors[0]?.uid);
    // The claims survive a refresh (the session row carries them).
    const refreshed = decodeJwt(await user.getIdToken(true)) as { firebase: Record<string, unknown> };
    expect(refreshed.firebase.sign_in_second_factor).toBe('totp');
    const mail = await smtp.waitForMail(user.email ?? '', { subject: /two-step verification added/i });
    expect(mail.text).toContain('Work phone');
  });

  it('signs in with a code, refuses a wrong one, and refuses a replayed one', async () => {
    const { user, email } = await verifiedUser();
    const secret = await enroll(user);
    const { auth, resolver } = await challenge(email);
    const hint = totpHint(resolver);
    await expect(
      resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, '000000')),
    ).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
    // The enrollment code's step is spent: the same code is refused.
    await expect(
      resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, await codeFor(secret))),
    ).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
    const next = await codeFor(secret, 1);
    const cred = await resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, next));
    expect(cred.user.uid).toBe(user.uid);
    expect(auth.currentUser?.uid).toBe(user.uid);
    const claims = decodeJwt(await cred.user.getIdToken()) as { firebase: Record<string, unknown> };
    expect(claims.firebase).toMatchObject({ sign_in_provider: 'password', sign_in_second_factor: 'totp' });
    // The same code on a fresh challenge: replay refused.
    const again = await challenge(email);
    await expect(
      again.resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, next)),
    ).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
  });

  it('ends a pending credential after 5 wrong codes and after 10 minutes', async () => {
    const { user, email } = await verifiedUser();
    const secret = await enroll(user);
    const { resolver } = await challenge(email);
    const hint = totpHint(resolver);
    for (let i = 0; i < 5; i++) {
      await expect(
        resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, '111111')),
      ).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
    }
    await expect(
      resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, await codeFor(secret, 1))),
    ).rejects.toMatchObject({ code: 'auth/invalid-multi-factor-session' });

    const late = await challenge(email);
    t.advance(10 * 60_000 + 1000);
    await expect(
      late.resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, await codeFor(secret))),
    ).rejects.toMatchObject({ code: 'auth/invalid-multi-factor-session' });
    // Housekeeping removes the expired row.
    expect(await purgeExpiredMfaPending(t.ctx.database.db, t.ctx.now())).toBeGreaterThanOrEqual(1);
  });

  it('signs in once with a recovery code and mails how many are left', async () => {
    const { user, email } = await verifiedUser();
    await enroll(user);
    const codes = await replaceRecoveryCodes(t.ctx, user.uid);
    expect(codes).toHaveLength(10);
    const { resolver } = await challenge(email);
    const hint = totpHint(resolver);
    const cred = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(hint, (codes[3] ?? '').toUpperCase()),
    );
    expect(cred.user.uid).toBe(user.uid);
    const mail = await smtp.waitForMail(email, { subject: /recovery code was used/i });
    expect(mail.text).toContain('9 of your recovery codes are left');
    const again = await challenge(email);
    await expect(
      again.resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, codes[3] ?? '')),
    ).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
  });

  it('asks for the second step after an email-link sign-in', async () => {
    const { user, email } = await verifiedUser();
    const secret = await enroll(user);
    const auth = pool.auth();
    await sendSignInLinkToEmail(auth, email, { url: `${t.origin}/u/dashboard`, handleCodeInApp: true });
    const mail = await smtp.waitForMail(email, { subject: /sign in/i });
    const link = mail.links.find((l) => l.includes('/auth/action')) ?? '';
    expect(isSignInWithEmailLink(auth, link)).toBe(true);
    const error = await signInWithEmailLink(auth, email, link).catch((e: MultiFactorError) => e);
    expect((error as MultiFactorError).code).toBe('auth/multi-factor-auth-required');
    const resolver = getMultiFactorResolver(auth, error as MultiFactorError);
    const cred = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(totpHint(resolver), await codeFor(secret, 1)),
    );
    expect(cred.user.uid).toBe(user.uid);
  });

  it('refuses enrollment with an unverified email, an old sign-in, or a sixth factor', async () => {
    const auth = pool.auth();
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail('unverified'), PASSWORD);
    await expect(
      multiFactor(user).getSession().then(TotpMultiFactorGenerator.generateSecret),
    ).rejects.toMatchObject({
      code: 'auth/unverified-email',
    });

    const v = await verifiedUser();
    for (let i = 0; i < 5; i++) {
      await enroll(v.user, `Key ${i}`);
      t.advance(30_000); // each enrollment spends a step; a new factor has its own secret anyway
    }
    await expect(enroll(v.user, 'Sixth')).rejects.toMatchObject({
      code: 'auth/maximum-second-factor-count-exceeded',
    });

    const old = await verifiedUser();
    t.advance(5 * 60_000 + 1000);
    await expect(enroll(old.user)).rejects.toMatchObject({ code: 'auth/requires-recent-login' });
  });

  it('unenrolls a factor: sign-in is one step again; an unknown factor is not found', async () => {
    const { user, email } = await verifiedUser();
    await enroll(user, 'Old phone');
    const [factor] = multiFactor(user).enrolledFactors;
    await expect(multiFactor(user).unenroll('mfa_unknown')).rejects.toMatchObject({
      code: 'auth/multi-factor-info-not-found',
    });
    await multiFactor(user).unenroll(factor!);
    expect(multiFactor(user).enrolledFactors).toHaveLength(0);
    await smtp.waitForMail(email, { subject: /two-step verification removed/i });
    const cred = await signInWithEmailAndPassword(pool.auth(), email, PASSWORD);
    expect(cred.user.uid).toBe(user.uid);
  });

  it('reauthenticates an enrolled user with the second step before removing a factor', async () => {
    const { auth, user, email } = await verifiedUser();
    const secret = await enroll(user);
    t.advance(5 * 60_000 + 1000);
    const [factor] = multiFactor(user).enrolledFactors;
    await expect(multiFactor(user).unenroll(factor!)).rejects.toMatchObject({
      code: 'auth/requires-recent-login',
    });
    const error = (await reauthenticateWithCredential(
      user,
      EmailAuthProvider.credential(email, PASSWORD),
    ).catch((e) => e)) as MultiFactorError;
    expect(error.code).toBe('auth/multi-factor-auth-required');
    const resolver = getMultiFactorResolver(auth, error);
    await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(totpHint(resolver), await codeFor(secret)),
    );
    await multiFactor(user).unenroll(factor!);
    expect(multiFactor(user).enrolledFactors).toHaveLength(0);
  });

  it('counts wrong second-factor codes against the per-account sign-in limit', async () => {
    // Real limits here: 10 failures per account and client address in 15 minutes.
    const strict = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '1' } });
    const strictPool = firebaseClientPool(() => strict);
    try {
      const email = uniqueEmail('limit');
      const { user } = await createUserWithEmailAndPassword(strictPool.auth(), email, PASSWORD);
      await markEmailVerified(strict.ctx.database, user.uid, strict.ctx.now());
      const session = await multiFactor(user).getSession();
      const secret = await TotpMultiFactorGenerator.generateSecret(session);
      const code = await generate({
        secret: secret.secretKey,
        epoch: Math.floor(strict.ctx.now().getTime() / 1000),
      });
      await multiFactor(user).enroll(TotpMultiFactorGenerator.assertionForEnrollment(secret, code), 'Phone');
      const codes: string[] = [];
      for (let round = 0; round < 3; round++) {
        const auth = strictPool.auth();
        const error = (await signInWithEmailAndPassword(auth, email, PASSWORD).catch(
          (e) => e,
        )) as MultiFactorError;
        if (error.code !== 'auth/multi-factor-auth-required') {
          codes.push(error.code);
          break;
        }
        const resolver = getMultiFactorResolver(auth, error);
        for (let i = 0; i < 5; i++) {
          const e = (await resolver
            .resolveSignIn(
              TotpMultiFactorGenerator.assertionForSignIn(resolver.hints[0]?.uid ?? '', '222222'),
            )
            .catch((x) => x)) as { code: string };
          codes.push(e.code);
        }
      }
      // 10 wrong codes, then the account is held back for this address, password step included.
      expect(codes.slice(0, 10)).toEqual(Array(10).fill('auth/invalid-verification-code'));
      expect(codes[10]).toBe('auth/too-many-requests');
    } finally {
      await strictPool.closeAll();
      await strict.close();
    }
  });
});
