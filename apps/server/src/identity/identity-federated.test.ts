import {
  createUserWithEmailAndPassword,
  getMultiFactorResolver,
  type MultiFactorError,
  multiFactor,
  OAuthProvider,
  reauthenticateWithCredential,
  signInWithCredential,
  signOut,
  TotpMultiFactorGenerator,
} from 'firebase/auth';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseClientPool, uniqueEmail } from '../test/firebase-client';
import { createTestApp, freePort, type TestApp } from '../test/harness';
import { type OidcPeer, startOidcProvider } from '../test/oidc-provider';

describe('federated sign-in through a real OpenID Connect provider', () => {
  let t: TestApp;
  let idp: OidcPeer;
  const pool = firebaseClientPool(() => t);
  const client = () => pool.auth();

  beforeAll(async () => {
    const port = await freePort();
    idp = await startOidcProvider([`http://127.0.0.1:${port}/auth/federated/acme/callback`]);
    t = await createTestApp({
      listen: true,
      port,
      env: {
        RATE_LIMIT_MULTIPLIER: '100',
        OIDC_PROVIDERS: JSON.stringify([
          {
            name: 'acme',
            display_name: 'Acme SSO',
            issuer: idp.issuer,
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await pool.closeAll();
    await t.close();
    await idp.close();
  });

  /** start → provider login → callback, as the browser would; returns the callback's answer. */
  async function runFlow(sub: string, mode: 'popup' | 'redirect' = 'popup', returnTo = '/u/dashboard') {
    const start = await fetch(
      `${t.origin}/auth/federated/acme/start?mode=${mode}&return_to=${encodeURIComponent(returnTo)}`,
      {
        redirect: 'manual',
      },
    );
    expect(start.status).toBe(302);
    const cookie = (start.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const authUrl = new URL(start.headers.get('location') ?? '');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await idp.signIn(authUrl.toString(), sub);
    expect(callback.startsWith(`${t.origin}/auth/federated/acme/callback`)).toBe(true);
    return fetch(callback, { redirect: 'manual', headers: { cookie } });
  }

  async function collect(handle: string) {
    const res = await fetch(`${t.origin}/auth/federated/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle }),
    });
    return { status: res.status, body: await res.json() };
  }

  async function popupHandle(sub: string) {
    const page = await (await runFlow(sub, 'popup')).text();
    const handle = page.match(/"handle":"([^"]+)"/)?.[1];
    expect(handle).toBeTruthy();
    return handle as string;
  }

  it('lists the configured providers', async () => {
    const res = await (await fetch(`${t.origin}/auth/federated/providers`)).json();
    expect(res.data).toEqual([{ id: 'oidc.acme', name: 'acme', display_name: 'Acme SSO' }]);
  });

  it('asks an enrolled user for the second step after the provider', async () => {
    const email = uniqueEmail('sso-mfa');
    idp.accounts.set('totp-user', { email, email_verified: true, name: 'Tia Totp' });
    const first = await signInWithCredential(
      client(),
      new OAuthProvider('oidc.acme').credential({
        idToken: (await collect(await popupHandle('totp-user'))).body.id_token,
      }),
    );
    const secret = await TotpMultiFactorGenerator.generateSecret(await multiFactor(first.user).getSession());
    const epoch = () => Math.floor(t.ctx.now().getTime() / 1000);
    await multiFactor(first.user).enroll(
      TotpMultiFactorGenerator.assertionForEnrollment(
        secret,
        await generate({ secret: secret.secretKey, epoch: epoch() }),
      ),
      'SSO phone',
    );
    const auth = client();
    const error = (await signInWithCredential(
      auth,
      new OAuthProvider('oidc.acme').credential({
        idToken: (await collect(await popupHandle('totp-user'))).body.id_token,
      }),
    ).catch((e) => e)) as MultiFactorError;
    expect(error.code).toBe('auth/multi-factor-auth-required');
    const resolver = getMultiFactorResolver(auth, error);
    expect(resolver.hints.map((h) => h.displayName)).toEqual(['SSO phone']);
    const cred = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(
        resolver.hints[0]?.uid ?? '',
        await generate({ secret: secret.secretKey, epoch: epoch() + 30 }),
      ),
    );
    expect(cred.user.uid).toBe(first.user.uid);
    const result = await cred.user.getIdTokenResult();
    expect(result.signInProvider).toBe('oidc.acme');
    expect(result.signInSecondFactor).toBe('totp');
  });

  it('signs a new user in by popup and creates the account with the provider linked', async () => {
    const email = uniqueEmail('sso');
    idp.accounts.set('alice', { email, email_verified: true, name: 'Alice Acme' });
    const handle = await popupHandle('alice');
    const { status, body } = await collect(handle);
    expect(status).toBe(200);
    expect(body.provider_id).toBe('oidc.acme');
    const auth = client();
    const cred = await signInWithCredential(
      auth,
      new OAuthProvider('oidc.acme').credential({ idToken: body.id_token }),
    );
    expect(cred.user.email).toBe(email);
    expect(cred.user.displayName).toBe('Alice Acme');
    expect(cred.user.emailVerified).toBe(true);
    expect(cred.user.providerData.map((p) => p.providerId)).toContain('oidc.acme');
    expect((await cred.user.getIdTokenResult()).signInProvider).toBe('oidc.acme');
    // A handle is good once.
    expect((await collect(handle)).status).toBe(400);
    // Signing in again finds the same account.
    const again = await collect(await popupHandle('alice'));
    const second = await signInWithCredential(
      client(),
      new OAuthProvider('oidc.acme').credential({ idToken: again.body.id_token }),
    );
    expect(second.user.uid).toBe(cred.user.uid);
    await reauthenticateWithCredential(
      second.user,
      new OAuthProvider('oidc.acme').credential({ idToken: again.body.id_token }),
    );
  });

  it('redirect mode returns to the console with the handle in the fragment', async () => {
    idp.accounts.set('bob', { email: uniqueEmail('bob'), email_verified: true });
    const res = await runFlow('bob', 'redirect', '/p/prj_123/dashboard?x=1');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe(t.origin);
    expect(location.pathname).toBe('/p/prj_123/dashboard');
    const handle = location.hash.replace('#federated=', '');
    expect((await collect(handle)).status).toBe(200);
  });

  it('links to an existing account when the provider vouches for the email', async () => {
    const email = uniqueEmail('existing');
    const { user } = await createUserWithEmailAndPassword(client(), email, 'password 123');
    idp.accounts.set('carol', { email, email_verified: true });
    const { body } = await collect(await popupHandle('carol'));
    const cred = await signInWithCredential(
      client(),
      new OAuthProvider('oidc.acme').credential({ idToken: body.id_token }),
    );
    expect(cred.user.uid).toBe(user.uid);
    expect(cred.user.providerData.map((p) => p.providerId).sort()).toEqual(['oidc.acme', 'password']);
  });

  it('never links an unverified provider email to an existing account', async () => {
    const email = uniqueEmail('victim');
    await createUserWithEmailAndPassword(client(), email, 'password 123');
    idp.accounts.set('mallory', { email, email_verified: false });
    const { body } = await collect(await popupHandle('mallory'));
    await expect(
      signInWithCredential(client(), new OAuthProvider('oidc.acme').credential({ idToken: body.id_token })),
    ).rejects.toMatchObject({ code: 'auth/account-exists-with-different-credential' });
  });

  it('refuses a callback from another browser and a forged ID token', async () => {
    const start = await fetch(`${t.origin}/auth/federated/acme/start`, { redirect: 'manual' });
    idp.accounts.set('dave', { email: uniqueEmail('dave'), email_verified: true });
    const callback = await idp.signIn(start.headers.get('location') ?? '', 'dave');
    const res = await fetch(callback, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    const forged = ['eyJhbGciOiJub25lIn0', 'eyJzdWIiOiJ4In0', ''].join('.');
    const auth = client();
    await expect(
      signInWithCredential(auth, new OAuthProvider('oidc.acme').credential({ idToken: forged })),
    ).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    await signOut(auth);
  });

  it('checks a raw nonce sent with the credential against the token', async () => {
    idp.accounts.set('erin', { email: uniqueEmail('erin'), email_verified: true });
    const { body } = await collect(await popupHandle('erin'));
    const credential = new OAuthProvider('oidc.acme').credential({ idToken: body.id_token, rawNonce: 'x' });
    await expect(signInWithCredential(client(), credential)).rejects.toMatchObject({
      code: 'auth/missing-or-invalid-nonce',
    });
  });

  it('reports a provider refusal back to the popup', async () => {
    const start = await fetch(`${t.origin}/auth/federated/acme/start`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state');
    const res = await fetch(`${t.origin}/auth/federated/acme/callback?error=access_denied&state=${state}`);
    const page = await res.text();
    expect(page).toContain('"error":"access_denied"');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
  });
});
