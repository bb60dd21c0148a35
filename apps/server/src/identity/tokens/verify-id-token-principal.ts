import { credentialCaches } from '../../platform/auth/credential-cache';
import type { Principal } from '../../platform/auth/principal';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isSessionAlive } from '../sessions/session-alive';
import { touchSession } from '../sessions/touch-session';
import { findUserById } from '../users/find-user';
import { verifyGoogleIdToken } from './verify-google-token';
import { type IdTokenClaims, TokenRejected, verifyBuiltinIdToken } from './verify-identity-token';

const unauthenticated = (
  detail: string,
  code: 'unauthenticated' | 'token_expired' | 'token_revoked' = 'unauthenticated',
) => new AppError(code, detail);

// Matches the verifier's clock tolerance: a cached token is refused when a fresh check would be.
const EXPIRY_TOLERANCE_MS = 30_000;

interface CachedIdToken {
  principal: Principal;
  /** The token's `exp` (ms) plus the tolerance, against the injectable clock. */
  expiresAt: number;
}

/**
 * Verifies an ID token for the product APIs: signature and claims, then the
 * user's current state, so a disabled user or a revoked session is refused at once.
 * A verified token is kept a few seconds per process; disabling, deleting or
 * signing the user out drops it on every replica (`credentialChanged`).
 */
export async function verifyIdTokenPrincipal(ctx: AppContext, token: string): Promise<Principal> {
  const principal = await verifyCached(ctx, token);
  // Sessions are the built-in service's: its "last active" follows use, a write a minute at most.
  if (principal.kind === 'user' && principal.sessionId && ctx.config.auth.provider === 'builtin')
    await touchSession(ctx.database.db, principal.sessionId, ctx.now());
  return principal;
}

async function verifyCached(ctx: AppContext, token: string): Promise<Principal> {
  const cache = credentialCaches(ctx.database, ctx.config.authCacheSeconds).idTokens;
  const hit = cache.get(token) as CachedIdToken | undefined;
  if (hit) {
    if (ctx.now().getTime() <= hit.expiresAt) return hit.principal;
    throw unauthenticated('The ID token has expired; refresh it and try again.', 'token_expired');
  }
  const generation = cache.begin();
  const { principal, exp } = await verifyUncached(ctx, token);
  cache.set(
    token,
    principal.kind === 'user' ? principal.uid : '',
    {
      principal,
      expiresAt: exp * 1000 + EXPIRY_TOLERANCE_MS,
    } satisfies CachedIdToken,
    generation,
  );
  return principal;
}

async function verifyUncached(
  ctx: AppContext,
  token: string,
): Promise<{ principal: Principal; exp: number }> {
  let claims: IdTokenClaims;
  try {
    claims =
      ctx.config.auth.provider === 'google'
        ? await verifyGoogleIdToken(ctx, token)
        : await verifyBuiltinIdToken(ctx, token);
  } catch (error) {
    if (error instanceof TokenRejected && error.reason === 'expired') {
      throw unauthenticated('The ID token has expired; refresh it and try again.', 'token_expired');
    }
    throw unauthenticated('The ID token is not valid.');
  }
  let profile: Extract<Principal, { kind: 'user' }>['profile'];
  if (ctx.config.auth.provider === 'builtin') {
    const [user, sessionAlive] = await Promise.all([
      findUserById(ctx.database.db, claims.sub),
      claims.sid ? isSessionAlive(ctx.database.db, claims.sid) : true,
    ]);
    if (!user || user.disabled)
      throw unauthenticated('This account no longer exists or is disabled.', 'token_revoked');
    if (!sessionAlive || claims.auth_time * 1000 < user.tokensValidAfter.getTime()) {
      throw unauthenticated('This session was signed out; sign in again.', 'token_revoked');
    }
    profile = {
      email: user.email,
      emailVerified: user.emailVerified,
      displayName: user.displayName,
      photoUrl: user.photoUrl,
    };
  }
  return {
    exp: claims.exp,
    principal: {
      kind: 'user',
      uid: claims.sub,
      email: claims.email ?? null,
      emailVerified: claims.email_verified === true,
      signInProvider: claims.firebase?.sign_in_provider ?? null,
      authTime: claims.auth_time,
      sessionId: claims.sid ?? null,
      secondFactor: claims.firebase?.sign_in_second_factor ?? null,
      ...(profile ? { profile } : {}),
    },
  };
}
