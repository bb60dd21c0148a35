import {
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  getIdTokenResult,
  onAuthStateChanged,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  validatePassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FirebaseClient,
  firebaseClient,
  firebaseClientPool,
  uniqueEmail,
} from '../test/firebase-client';
import { createTestApp, type TestApp } from '../test/harness';
import { findUserByEmail } from './users/find-user';
import { revokeUserSessions, setUserDisabled } from './users/update-user';

const PASSWORD = 'correct horse battery';

async function expectAuthError(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toMatchObject({ code });
}

describe('identity service driven by the firebase SDK', () => {
  let t: TestApp;
  const pool = firebaseClientPool(() => t);
  const client = () => pool.auth();

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
  });

  it('signs up, then signs in with the same password', async () => {
    const email = uniqueEmail();
    const auth = client();
    const cred = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    expect(cred.user.email).toBe(email);
    expect(cred.user.emailVerified).toBe(false);
    expect(cred.user.isAnonymous).toBe(false);
    const token = await getIdTokenResult(cred.user);
    expect(token.claims).toMatchObject({
      email,
      email_verified: false,
      user_id: cred.user.uid,
      sub: cred.user.uid,
    });
    expect(token.signInProvider).toBe('password');
    expect(token.claims.iss).toBe(t.ctx.config.auth.issuer);
    expect(token.claims.aud).toBe(t.ctx.config.auth.projectId);
    await signOut(auth);
    const again = await signInWithEmailAndPassword(client(), email.toUpperCase(), PASSWORD);
    expect(again.user.uid).toBe(cred.user.uid);
  });

  it('answers one code for a wrong password and an unknown email', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(client(), email, PASSWORD);
    await expectAuthError(
      signInWithEmailAndPassword(client(), email, 'wrong password'),
      'auth/invalid-credential',
    );
    await expectAuthError(
      signInWithEmailAndPassword(client(), uniqueEmail('nobody'), PASSWORD),
      'auth/invalid-credential',
    );
  });

  it('refuses a second account for the same address in any case', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(client(), email, PASSWORD);
    await expectAuthError(
      createUserWithEmailAndPassword(client(), email.toUpperCase(), PASSWORD),
      'auth/email-already-in-use',
    );
  });

  it('updates the profile and reads it back through lookup', async () => {
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail(), PASSWORD);
    await updateProfile(user, { displayName: 'Ada Lovelace', photoURL: 'https://example.test/ada.png' });
    await user.reload();
    expect(user.displayName).toBe('Ada Lovelace');
    expect(user.photoURL).toBe('https://example.test/ada.png');
    expect(user.providerData.map((p) => p.providerId)).toEqual(['password']);
    expect(user.metadata.creationTime).toBeTruthy();

    // A name saved with no photo (the SDK sends photoUrl: null) removes the photo.
    await updateProfile(user, { displayName: 'Ada', photoURL: null });
    await user.reload();
    expect(user.displayName).toBe('Ada');
    expect(user.photoURL).toBeNull();
  });

  it('changes the password, which signs other sessions out', async () => {
    const email = uniqueEmail();
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    const other = client();
    await signInWithEmailAndPassword(other, email, PASSWORD);
    await updatePassword(user, 'a brand new password');
    expect((await user.getIdToken(true)).length).toBeGreaterThan(20);
    const signedOut = new Promise((resolve) => onAuthStateChanged(other, (u) => u === null && resolve(true)));
    await expectAuthError(other.currentUser!.getIdToken(true), 'auth/user-token-expired');
    await signedOut;
    await expectAuthError(signInWithEmailAndPassword(client(), email, PASSWORD), 'auth/invalid-credential');
    await signInWithEmailAndPassword(client(), email, 'a brand new password');
  });

  it('asks for a recent sign-in before sensitive changes, and reauthentication satisfies it', async () => {
    const email = uniqueEmail();
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    t.advance(6 * 60_000);
    try {
      await expectAuthError(updatePassword(user, 'another password 1'), 'auth/requires-recent-login');
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, PASSWORD));
      await updatePassword(user, 'another password 1');
    } finally {
      t.advance(-6 * 60_000);
    }
  });

  it('deletes the account', async () => {
    const email = uniqueEmail();
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await deleteUser(user);
    expect(auth.currentUser).toBeNull();
    expect(await findUserByEmail(t.ctx.database.db, email)).toBeUndefined();
    await expectAuthError(signInWithEmailAndPassword(client(), email, PASSWORD), 'auth/invalid-credential');
  });

  it('signs the user out when the account is disabled (seed §4)', async () => {
    const email = uniqueEmail();
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    const signedOut = new Promise((resolve) => onAuthStateChanged(auth, (u) => u === null && resolve(true)));
    await setUserDisabled(t.ctx.database, { uid: user.uid, disabled: true, now: t.ctx.now() });
    await expectAuthError(user.getIdToken(true), 'auth/user-disabled');
    await signedOut;
    await expectAuthError(signInWithEmailAndPassword(client(), email, PASSWORD), 'auth/user-disabled');
  });

  it('signs the user out when an operator revokes their sessions (seed §4)', async () => {
    const email = uniqueEmail();
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    const signedOut = new Promise((resolve) => onAuthStateChanged(auth, (u) => u === null && resolve(true)));
    const found = await findUserByEmail(t.ctx.database.db, email);
    await revokeUserSessions(t.ctx.database, found!.uid, t.ctx.now());
    await expectAuthError(user.getIdToken(true), 'auth/user-token-expired');
    await signedOut;
  });

  it('refuses an unknown API key', async () => {
    await expectAuthError(
      signInWithEmailAndPassword(pool.auth({ apiKey: 'not-our-key' }), uniqueEmail(), PASSWORD),
      'auth/invalid-api-key',
    );
  });
});

describe('password policy', () => {
  let t: TestApp;
  let c: FirebaseClient;
  beforeAll(async () => {
    t = await createTestApp({
      listen: true,
      env: {
        PASSWORD_MIN_LENGTH: '10',
        PASSWORD_REQUIRE_UPPERCASE: 'true',
        PASSWORD_REQUIRE_NUMERIC: 'true',
        RATE_LIMIT_MULTIPLIER: '100',
      },
    });
    c = firebaseClient(t);
  });
  afterAll(async () => {
    await c.close();
    await t.close();
  });

  it('serves the policy that validatePassword checks against', async () => {
    const weak = await validatePassword(c.auth, 'short');
    expect(weak.isValid).toBe(false);
    expect(weak.meetsMinPasswordLength).toBe(false);
    expect(weak.containsUppercaseLetter).toBe(false);
    const strong = await validatePassword(c.auth, 'Long enough 123');
    expect(strong.isValid).toBe(true);
  });

  it('enforces it on sign-up with password-does-not-meet-requirements', async () => {
    await expect(createUserWithEmailAndPassword(c.auth, uniqueEmail(), 'weakpassword')).rejects.toMatchObject(
      {
        code: 'auth/password-does-not-meet-requirements',
        message: expect.stringContaining('upper case'),
      },
    );
    await createUserWithEmailAndPassword(c.auth, uniqueEmail(), 'Strong enough 42');
  });
});

describe('abuse limits', () => {
  let t: TestApp;
  let c: FirebaseClient;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    c = firebaseClient(t);
  });
  afterAll(async () => {
    await c.close();
    await t.close();
  });

  it('locks an account after repeated wrong passwords with too-many-requests', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(c.auth, email, PASSWORD);
    await signOut(c.auth);
    for (let i = 0; i < 10; i++) {
      await expectAuthError(
        signInWithEmailAndPassword(c.auth, email, `wrong ${i}`),
        'auth/invalid-credential',
      );
    }
    await expectAuthError(signInWithEmailAndPassword(c.auth, email, PASSWORD), 'auth/too-many-requests');
    t.advance(16 * 60_000);
    await signInWithEmailAndPassword(c.auth, email, PASSWORD);
  });
});
