import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseClientPool, uniqueEmail } from '../test/firebase-client';
import { createTestApp, type TestApp } from '../test/harness';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer';

const PASSWORD = 'correct horse battery';

/**
 * The identity emails speak the account's language, else the language the sign-up
 * or sign-in screen asked in (the firebase SDK's X-Firebase-Locale, or Accept-Language), else
 * English — read here from a real SMTP peer, as the user gets them.
 */
describe('identity emails in the user’s language', () => {
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

  /** A new account whose owner chose `locale` in Settings → Language. */
  const accountIn = async (locale: string) => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(pool.auth(), email, PASSWORD);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${await user.getIdToken()}` },
      payload: { locale },
    });
    expect(res.statusCode, res.body).toBe(200);
    return email;
  };

  it('a German user’s password reset is German, subject and body', async () => {
    const email = await accountIn('de');
    await sendPasswordResetEmail(pool.auth(), email);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Scanline-Passwort zurücksetzen');
    expect(mail.text).toContain(
      `Jemand hat beantragt, das Passwort des Scanline-Kontos ${email} zurückzusetzen. Der Link gilt 1 Stunde und nur einmal.`,
    );
    expect(mail.text).toContain('Neues Passwort wählen: http');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Oder öffnen Sie diesen Link:');
    expect(mail.html).not.toMatch(/Reset your|Or open this link/);
  });

  it('sign-up verification follows the screen’s language (auth.languageCode → X-Firebase-Locale)', async () => {
    const auth = pool.auth();
    auth.languageCode = 'fr';
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
    await sendEmailVerification(user);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour Scanline');
    expect(mail.text).toContain(`Confirmez que ${email} vous appartient`);
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('the account’s language wins over the request’s', async () => {
    const email = await accountIn('es');
    const auth = pool.auth();
    auth.languageCode = 'de';
    await sendPasswordResetEmail(auth, email);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Restablezca su contraseña de Scanline');
  });

  it('without either, Accept-Language decides; an unknown language is English', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(pool.auth(), email, PASSWORD);
    const ask = (acceptLanguage: string) =>
      fetch(
        `${t.origin}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${t.ctx.config.auth.apiKey}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage },
          body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
        },
      );
    expect((await ask('es-MX,es;q=0.9,en;q=0.5')).status).toBe(200);
    expect((await smtp.waitForMail(email, { subject: /Restablezca/ })).html).toContain('lang="es"');
    expect((await ask('ja-JP')).status).toBe(200);
    expect((await smtp.waitForMail(email, { subject: /Reset your Scanline password/ })).html).toContain(
      'lang="en"',
    );
  });

  it('security notices too: a new browser signing in to a French account', async () => {
    const email = await accountIn('fr');
    const res = await fetch(
      `${t.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${t.ctx.config.auth.apiKey}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0',
        },
        body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
      },
    );
    expect(res.status).toBe(200);
    const mail = await smtp.waitForMail(email, { subject: /Nouvelle connexion/ });
    expect(mail.subject).toBe('Nouvelle connexion à votre compte Scanline');
    expect(mail.text).toContain('Firefox 140 sous macOS');
    expect(mail.text).toContain('Vérifier vos sessions');
  });

  it('an account in the pseudo-locale gets accented, bracketed text', async () => {
    const email = await accountIn('en-XA');
    await signInWithEmailAndPassword(pool.auth(), email, PASSWORD);
    await sendPasswordResetEmail(pool.auth(), email);
    const mail = await smtp.waitForMail(email, { subject: /^\[/ });
    expect(mail.subject).toMatch(/^\[Ŕéšéţ ýóúŕ Šçáñĺíñé ƥáššŵóŕð .+\]$/);
    expect(mail.html).toContain('<html lang="en-XA">');
  });
});
