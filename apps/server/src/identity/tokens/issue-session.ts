import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { identityRefreshTokens, identityUsers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { newId, randomBase62 } from '../../platform/ids';
import { getActiveSigningKey } from '../keys/key-store';
import { noticeNewBrowser } from '../sessions/new-browser-notice';
import type { SessionRequest } from '../sessions/session-request';
import { type IdentityUser, listProviderLinks } from '../users/find-user';

export const ID_TOKEN_LIFETIME_S = 3600;

/** The second factor a session passed: `firebase.sign_in_second_factor` and its identifier. */
export interface SecondFactor {
  factor: string;
  identifier: string;
}

/** The second factor an ID token says its session passed, to carry into a re-issued session. */
export function secondFactorOf(claims: {
  firebase?: { sign_in_second_factor?: string; second_factor_identifier?: string };
}): SecondFactor | null {
  const f = claims.firebase;
  return f?.sign_in_second_factor && f.second_factor_identifier
    ? { factor: f.sign_in_second_factor, identifier: f.second_factor_identifier }
    : null;
}

export interface Session {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** Firebase's claim set, so anything that reads Firebase ID tokens reads ours. */
export async function mintIdToken(
  ctx: AppContext,
  {
    db,
    user,
    provider,
    authTime,
    secondFactor,
    sessionId,
  }: {
    db: Db;
    user: IdentityUser;
    provider: string;
    authTime: Date;
    secondFactor?: SecondFactor | null;
    sessionId?: string;
  },
): Promise<string> {
  const key = await getActiveSigningKey(ctx);
  const links = await listProviderLinks(db, user.uid);
  const identities: Record<string, string[]> = {};
  if (user.email) identities.email = [user.email];
  for (const link of links)
    identities[link.providerId] = [...(identities[link.providerId] ?? []), link.federatedId];
  const now = Math.floor(ctx.now().getTime() / 1000);
  return (
    new SignJWT({
      ...(user.displayName ? { name: user.displayName } : {}),
      ...(user.photoUrl ? { picture: user.photoUrl } : {}),
      auth_time: Math.floor(authTime.getTime() / 1000),
      user_id: user.uid,
      // The session (refresh-token row) this token belongs to, as OpenID Connect's `sid`: the
      // product APIs refuse it soon after that one session is ended (Settings → Sessions).
      ...(sessionId ? { sid: sessionId } : {}),
      ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
      firebase: {
        identities,
        sign_in_provider: provider,
        ...(secondFactor
          ? { sign_in_second_factor: secondFactor.factor, second_factor_identifier: secondFactor.identifier }
          : {}),
      },
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(ctx.config.auth.issuer)
      .setAudience(ctx.config.auth.projectId)
      .setSubject(user.uid)
      .setIssuedAt(now)
      // RS256 is deterministic: without a unique id, two tokens minted in the same second for
      // the same session state are identical, and the SDK then keeps a stale refresh token.
      .setJti(randomBase62(16))
      .setExpirationTime(now + ID_TOKEN_LIFETIME_S)
      .sign(key.privateKey)
  );
}

/** A new signed-in session: an ID token and an opaque refresh token stored hashed. */
export async function issueSession(
  ctx: AppContext,
  user: IdentityUser,
  opts: {
    provider: string;
    request?: SessionRequest;
    db?: Db;
    secondFactor?: SecondFactor | null;
    /** A person signing in (not a token re-issued after a profile or factor change): a browser never seen before for them gets a security email. */
    signIn?: boolean;
  },
): Promise<Session> {
  const db = opts.db ?? ctx.database.db;
  const now = ctx.now();
  const refreshToken = randomBase62(48);
  const sessionId = newId('rtk');
  await db.insert(identityRefreshTokens).values({
    id: sessionId,
    uid: user.uid,
    tokenHash: hashToken(refreshToken),
    provider: opts.provider,
    authTime: now,
    createdAt: now,
    ip: opts.request?.ip ?? null,
    userAgent: opts.request?.userAgent?.slice(0, 300) ?? null,
    secondFactor: opts.secondFactor?.factor ?? null,
    secondFactorIdentifier: opts.secondFactor?.identifier ?? null,
  });
  await db.update(identityUsers).set({ lastLoginAt: now }).where(eq(identityUsers.uid, user.uid));
  const idToken = await mintIdToken(ctx, {
    db,
    user,
    provider: opts.provider,
    authTime: now,
    secondFactor: opts.secondFactor,
    sessionId,
  });
  if (opts.signIn) noticeNewBrowser(ctx, { user, sessionId, request: opts.request });
  return { idToken, refreshToken, expiresIn: String(ID_TOKEN_LIFETIME_S) };
}

/**
 * The caller's own session, carried on with a new refresh token after a change to how it was
 * proven (a factor enrolled or removed): the SDK swaps in the new tokens, and Settings →
 * Sessions keeps showing one session for this browser instead of a stale twin. Without a live
 * session to carry (an ID token from before sessions had ids), a new one is issued.
 */
export async function reissueSession(
  ctx: AppContext,
  {
    user,
    sessionId,
    ...opts
  }: {
    user: IdentityUser;
    sessionId: string | undefined;
    provider: string;
    request?: SessionRequest;
    secondFactor: SecondFactor | null;
  },
): Promise<Session> {
  const db = ctx.database.db;
  const now = ctx.now();
  const refreshToken = randomBase62(48);
  const [row] = sessionId
    ? await db
        .update(identityRefreshTokens)
        .set({
          tokenHash: hashToken(refreshToken),
          authTime: now,
          lastUsedAt: now,
          secondFactor: opts.secondFactor?.factor ?? null,
          secondFactorIdentifier: opts.secondFactor?.identifier ?? null,
        })
        .where(
          and(
            eq(identityRefreshTokens.id, sessionId),
            eq(identityRefreshTokens.uid, user.uid),
            isNull(identityRefreshTokens.revokedAt),
          ),
        )
        .returning({ id: identityRefreshTokens.id })
    : [];
  if (!row) return issueSession(ctx, user, opts);
  const idToken = await mintIdToken(ctx, {
    db,
    user,
    provider: opts.provider,
    authTime: now,
    secondFactor: opts.secondFactor,
    sessionId: row.id,
  });
  return { idToken, refreshToken, expiresIn: String(ID_TOKEN_LIFETIME_S) };
}
