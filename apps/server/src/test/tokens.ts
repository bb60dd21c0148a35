import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { getActiveSigningKey } from '../identity/keys/key-store';
import { issueSession } from '../identity/tokens/issue-session';
import { createUser } from '../identity/users/create-user';
import type { IdentityUser } from '../identity/users/find-user';
import type { AppContext } from '../platform/context';

let n = 0;

/** A real user of the identity service with a real session, for API tests. */
export async function signedInUser(
  ctx: AppContext,
  opts: { email?: string; emailVerified?: boolean; displayName?: string } = {},
): Promise<{ user: IdentityUser; idToken: string; auth: { authorization: string } }> {
  const email = opts.email ?? `member-${Date.now().toString(36)}-${n++}@example.test`;
  const user = await createUser(
    ctx.database.db,
    { email, emailVerified: opts.emailVerified ?? true, displayName: opts.displayName ?? null },
    ctx.now(),
  );
  const { idToken } = await issueSession(ctx, user, { provider: 'password' });
  return { user, idToken, auth: { authorization: `Bearer ${idToken}` } };
}

/** Claims of a valid token for `uid`, to be overridden by forgery tests. */
export function baseClaims(ctx: AppContext, uid: string) {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return {
    iss: ctx.config.auth.issuer,
    aud: ctx.config.auth.projectId,
    sub: uid,
    user_id: uid,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password', identities: {} },
  } as Record<string, unknown>;
}

/** Signs claims with the service's real key (or a stranger's), to test every rule on its own. */
export async function signWith(
  ctx: AppContext,
  claims: Record<string, unknown>,
  opts: { kid?: string | null; stranger?: boolean } = {},
) {
  const key = opts.stranger
    ? (await generateKeyPair('RS256')).privateKey
    : (await getActiveSigningKey(ctx)).privateKey;
  const kid = opts.kid === undefined ? (await getActiveSigningKey(ctx)).kid : opts.kid;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) })
    .sign(key);
}

/** `alg: none` and HS256-with-the-public-key: the classic JWT forgeries. */
export async function forgeries(ctx: AppContext, uid: string) {
  const claims = baseClaims(ctx, uid);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const { kid } = await getActiveSigningKey(ctx);
  const { publicKey } = await generateKeyPair('RS256', { extractable: true });
  const pem = await exportSPKI(publicKey);
  const hs256 = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid })
    .sign(new TextEncoder().encode(pem));
  return { none, hs256 };
}

/** A fresh session for an existing user (after a test moves the clock past token expiry). */
export async function freshSession(ctx: AppContext, user: IdentityUser) {
  const { idToken } = await issueSession(ctx, user, { provider: 'password' });
  return { authorization: `Bearer ${idToken}` };
}

/** A session that passed a TOTP second factor, as `mfaSignIn:finalize` issues one. */
export async function twoStepSession(ctx: AppContext, user: IdentityUser) {
  const { idToken } = await issueSession(ctx, user, {
    provider: 'password',
    secondFactor: { factor: 'totp', identifier: 'mfa_test' },
  });
  return { authorization: `Bearer ${idToken}` };
}
