import {
  createUserWithEmailAndPassword,
  getMultiFactorResolver,
  type MultiFactorError,
  multiFactor,
  signInWithEmailAndPassword,
  TotpMultiFactorGenerator,
} from 'firebase/auth';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommands } from '../../../cli/operator-commands';
import { markEmailVerified } from '../../../identity/users/update-user';
import { firebaseClientPool, uniqueEmail } from '../../../test/firebase-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInUser } from '../../../test/tokens';

const PASSWORD = 'correct horse battery';

describe('recovery codes and the operator mfa-reset', () => {
  let t: TestApp;
  const pool = firebaseClientPool(() => t);
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
  });

  const codeNow = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(t.ctx.now().getTime() / 1000) + steps * 30 });

  async function enrolledUser() {
    const email = uniqueEmail('rcv');
    const auth = pool.auth();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await markEmailVerified(t.ctx.database, user.uid, t.ctx.now());
    const secret = await TotpMultiFactorGenerator.generateSecret(await multiFactor(user).getSession());
    await multiFactor(user).enroll(
      TotpMultiFactorGenerator.assertionForEnrollment(secret, await codeNow(secret.secretKey)),
      'Phone',
    );
    return { email, user, secret: secret.secretKey };
  }

  const post = async (idToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/me/recovery-codes',
      headers: { authorization: `Bearer ${idToken}` },
      payload: {},
    });

  it('makes a new set of 10 codes that voids the old one', async () => {
    const { email, user } = await enrolledUser();
    const first = await post(await user.getIdToken());
    expect(first.statusCode).toBe(201);
    const oldCodes = first.json().codes as string[];
    expect(oldCodes).toHaveLength(10);
    expect(new Set(oldCodes).size).toBe(10);
    const second = (await post(await user.getIdToken())).json().codes as string[];
    const auth = pool.auth();
    const error = (await signInWithEmailAndPassword(auth, email, PASSWORD).catch(
      (e) => e,
    )) as MultiFactorError;
    const resolver = getMultiFactorResolver(auth, error);
    const hint = resolver.hints[0]?.uid ?? '';
    await expect(
      resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint, oldCodes[0] ?? '')),
    ).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
    const cred = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(hint, second[0] ?? ''),
    );
    expect(cred.user.uid).toBe(user.uid);
  });

  it('needs a recent sign-in and an enrolled authenticator', async () => {
    const plain = await signedInUser(t.ctx);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/recovery-codes',
      headers: plain.auth,
      payload: {},
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('mfa_not_enrolled');
    const { user } = await enrolledUser();
    const token = await user.getIdToken();
    t.advance(5 * 60_000 + 1000);
    const old = await post(token);
    expect(old.statusCode).toBe(403);
    expect(old.json().code).toBe('recent_sign_in_required');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/recovery-codes',
      headers: plain.auth,
      payload: { count: 3 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('users mfa-reset removes every factor and ends every session', async () => {
    const { email, user } = await enrolledUser();
    const before = await user.getIdToken();
    t.advance(2000);
    const result = await operatorCommands['users mfa-reset']!(t.ctx, [email]);
    expect(result.lines[0]).toContain('Removed 1 authenticator');
    expect((await post(before)).statusCode).toBe(401);
    await expect(user.getIdToken(true)).rejects.toMatchObject({ code: 'auth/user-token-expired' });
    const cred = await signInWithEmailAndPassword(pool.auth(), email, PASSWORD);
    expect(cred.user.uid).toBe(user.uid);
    expect(multiFactor(cred.user).enrolledFactors).toHaveLength(0);
  });
});
