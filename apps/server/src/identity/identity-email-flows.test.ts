import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  isSignInWithEmailLink,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  verifyBeforeUpdateEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../platform/mail/send-mail';
import {
  type FirebaseClient,
  firebaseClient,
  firebaseClientPool,
  uniqueEmail,
} from '../test/firebase-client';
import { createTestApp, type TestApp } from '../test/harness';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer';
import { consumeOobCode } from './oob/oob-codes';

const PASSWORD = 'correct horse battery';
const oobCodeOf = (link: string) => new URL(link).searchParams.get('oobCode') ?? '';
const actionLinkIn = (links: string[]) => links.find((l) => l.includes('/auth/action')) ?? '';

describe('email flows through a real SMTP peer', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  const pool = firebaseClientPool(() => t);
  const client = () => pool.auth();

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ listen: true, env: { SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100' } });
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
    await smtp.close();
  });

  it('resets a forgotten password end to end and signs old sessions out', async () => {
    const email = uniqueEmail();
    const auth = client();
    await createUserWithEmailAndPassword(auth, email, PASSWORD);
    const signedOut = new Promise((resolve) => onAuthStateChanged(auth, (u) => u === null && resolve(true)));
    await sendPasswordResetEmail(client(), email, { url: `${t.origin}/login` });
    const mail = await smtp.waitForMail(email, { subject: /reset/i });
    const link = actionLinkIn(mail.links);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${t.origin}/auth/action`);
    expect(url.searchParams.get('mode')).toBe('resetPassword');
    expect(url.searchParams.get('apiKey')).toBe(t.ctx.config.auth.apiKey);
    expect(url.searchParams.get('continueUrl')).toBe(`${t.origin}/login`);
    expect(mail.html).toContain('Choose a new password');
    const code = oobCodeOf(link);
    expect(code.length).toBeGreaterThanOrEqual(22);
    expect(await verifyPasswordResetCode(client(), code)).toBe(email);
    await confirmPasswordReset(client(), code, 'my new password');
    await expect(auth.currentUser!.getIdToken(true)).rejects.toMatchObject({
      code: 'auth/user-token-expired',
    });
    await signedOut;
    await signInWithEmailAndPassword(client(), email, 'my new password');
    await expect(confirmPasswordReset(client(), code, 'again and again')).rejects.toMatchObject({
      code: 'auth/invalid-action-code',
    });
  });

  it('uses a code once even when several requests race for it', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(client(), email, PASSWORD);
    await sendPasswordResetEmail(client(), email);
    const code = oobCodeOf(actionLinkIn((await smtp.waitForMail(email)).links));
    // All five read the unused code before any of them marks it used.
    const attempts = await Promise.allSettled(
      [1, 2, 3, 4, 5].map(() =>
        consumeOobCode(t.ctx.database.db, { code, now: t.ctx.now(), kinds: ['PASSWORD_RESET'] }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const reasons = attempts.flatMap((a) => (a.status === 'rejected' ? [String(a.reason.message)] : []));
    expect(reasons).toEqual(Array(4).fill('INVALID_OOB_CODE'));
  });

  it('tells the SDK when the mail server refuses a message', async () => {
    const { user } = await createUserWithEmailAndPassword(client(), uniqueEmail('refused'), PASSWORD);
    await expect(sendEmailVerification(user)).rejects.toMatchObject({ code: 'auth/internal-error' });
    const res = await fetch(
      `${t.origin}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${t.ctx.config.auth.apiKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken: await user.getIdToken() }),
      },
    );
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toMatch(/^INTERNAL_ERROR : The email could not be sent/);
  });

  it('answers a reset for an unknown address the same way and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    await sendPasswordResetEmail(client(), email);
    await expect(smtp.waitForMail(email, { timeoutMs: 500 })).rejects.toThrow(/no mail/);
  });

  it('expires a reset code after one hour', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(client(), email, PASSWORD);
    await sendPasswordResetEmail(client(), email);
    const code = oobCodeOf(actionLinkIn((await smtp.waitForMail(email)).links));
    t.advance(61 * 60_000);
    try {
      await expect(verifyPasswordResetCode(client(), code)).rejects.toMatchObject({
        code: 'auth/expired-action-code',
      });
      await expect(confirmPasswordReset(client(), code, 'whatever 123')).rejects.toMatchObject({
        code: 'auth/expired-action-code',
      });
    } finally {
      t.advance(-61 * 60_000);
    }
  });

  it('verifies an email address', async () => {
    const email = uniqueEmail();
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await sendEmailVerification(user);
    const mail = await smtp.waitForMail(email, { subject: /verify/i });
    const code = oobCodeOf(actionLinkIn(mail.links));
    expect((await checkActionCode(client(), code)).operation).toBe('VERIFY_EMAIL');
    await applyActionCode(client(), code);
    await user.reload();
    expect(user.emailVerified).toBe(true);
    expect((await user.getIdTokenResult(true)).claims.email_verified).toBe(true);
    await expect(applyActionCode(client(), code)).rejects.toMatchObject({ code: 'auth/invalid-action-code' });
  });

  it('signs in with an email link, creating the account on first use', async () => {
    const email = uniqueEmail('link');
    const auth = client();
    await sendSignInLinkToEmail(auth, email, { url: `${t.origin}/u/dashboard`, handleCodeInApp: true });
    const link = actionLinkIn((await smtp.waitForMail(email, { subject: /sign in/i })).links);
    expect(isSignInWithEmailLink(auth, link)).toBe(true);
    const cred = await signInWithEmailLink(auth, email, link);
    expect(cred.user.email).toBe(email);
    expect(cred.user.emailVerified).toBe(true);
    await expect(signInWithEmailLink(client(), email, link)).rejects.toMatchObject({
      code: 'auth/invalid-action-code',
    });
  });

  it('refuses an email link used with another address', async () => {
    const email = uniqueEmail('link');
    await sendSignInLinkToEmail(client(), email, { url: `${t.origin}/u/dashboard`, handleCodeInApp: true });
    const link = actionLinkIn((await smtp.waitForMail(email)).links);
    await expect(signInWithEmailLink(client(), uniqueEmail('other'), link)).rejects.toMatchObject({
      code: 'auth/invalid-email',
    });
  });

  it('changes the address only after the new one is verified', async () => {
    const email = uniqueEmail();
    const newEmail = uniqueEmail('new');
    const auth = client();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await verifyBeforeUpdateEmail(user, newEmail);
    const mail = await smtp.waitForMail(newEmail, { subject: /new email/i });
    const code = oobCodeOf(actionLinkIn(mail.links));
    const info = await checkActionCode(client(), code);
    expect(info.operation).toBe('VERIFY_AND_CHANGE_EMAIL');
    expect(info.data.previousEmail).toBe(email);
    await signInWithEmailAndPassword(client(), email, PASSWORD);
    await applyActionCode(client(), code);
    await signInWithEmailAndPassword(client(), newEmail, PASSWORD);
    await expect(signInWithEmailAndPassword(client(), email, PASSWORD)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });

  it('refuses a continue URL outside the authorised domains', async () => {
    await expect(
      sendPasswordResetEmail(client(), uniqueEmail(), { url: 'https://evil.example/phish' }),
    ).rejects.toMatchObject({ code: 'auth/unauthorized-continue-uri' });
  });
});

describe('email without SMTP', () => {
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

  it('keeps mail in the local outbox', async () => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(c.auth, email, PASSWORD);
    await sendEmailVerification(user);
    const [mail] = await listOutbox(t.ctx, { limit: 1 });
    expect(mail).toMatchObject({ to: email, kind: 'verify_email' });
    expect(mail?.text).toContain('/auth/action?mode=verifyEmail');
  });

  it('limits how much mail one address can be sent', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) await sendPasswordResetEmail(c.auth, email);
    await expect(sendPasswordResetEmail(c.auth, email)).rejects.toMatchObject({
      code: 'auth/too-many-requests',
    });
  });
});
