import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import type { AppContext } from '../../platform/context';
import { getPublicJwks } from '../keys/key-store';

export interface IdTokenClaims {
  sub: string;
  auth_time: number;
  iat: number;
  exp: number;
  email?: string;
  email_verified?: boolean;
  /** The session (refresh-token row id) of a built-in token; absent on Google's. */
  sid?: string;
  firebase?: {
    sign_in_provider?: string;
    identities?: Record<string, string[]>;
    sign_in_second_factor?: string;
    second_factor_identifier?: string;
  };
}

export class TokenRejected extends Error {
  override name = 'TokenRejected';
  constructor(readonly reason: 'malformed' | 'expired' | 'invalid') {
    super(reason);
  }
}

const CLOCK_SKEW_S = 30;
const lastRefetch = new WeakMap<AppContext, number>();
// Importing a JWK costs more than verifying a signature: keep each imported key by kid.
const imported = new Map<string, Promise<CryptoKey>>();

async function keyFor(ctx: AppContext, kid: string): Promise<CryptoKey> {
  const known = imported.get(kid);
  if (known) return known;
  let jwks = await getPublicJwks(ctx);
  let jwk = jwks.keys.find((k) => k.kid === kid);
  // An unknown kid may be a key another replica just made: look again, at most every 10 s.
  if (!jwk && Date.now() - (lastRefetch.get(ctx) ?? 0) > 10_000) {
    lastRefetch.set(ctx, Date.now());
    jwks = await getPublicJwks(ctx, { fresh: true });
    jwk = jwks.keys.find((k) => k.kid === kid);
  }
  if (!jwk) throw new TokenRejected('invalid');
  const key = importJWK(jwk as JWK, 'RS256') as Promise<CryptoKey>;
  imported.set(kid, key);
  return key;
}

/**
 * Verifies an ID token of the built-in service: RS256 only, kid required, iss, aud, exp,
 * iat not in the future, sub 1–128 characters. Session revocation is the caller's check.
 */
export async function verifyBuiltinIdToken(ctx: AppContext, token: string): Promise<IdTokenClaims> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new TokenRejected('invalid');
    kid = header.kid;
  } catch (error) {
    if (error instanceof TokenRejected) throw error;
    throw new TokenRejected('malformed');
  }
  const key = await keyFor(ctx, kid);
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['RS256'],
      issuer: ctx.config.auth.issuer,
      audience: ctx.config.auth.projectId,
      currentDate: ctx.now(),
      clockTolerance: CLOCK_SKEW_S,
      requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
    });
    return checkClaims(payload as unknown as IdTokenClaims, ctx.now());
  } catch (error) {
    if (error instanceof TokenRejected) throw error;
    if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw new TokenRejected('expired');
    throw new TokenRejected('invalid');
  }
}

/** Claim rules shared with Google-issued tokens. */
export function checkClaims(claims: IdTokenClaims, now: Date): IdTokenClaims {
  const nowS = now.getTime() / 1000;
  if (typeof claims.sub !== 'string' || claims.sub.length < 1 || claims.sub.length > 128)
    throw new TokenRejected('invalid');
  if (typeof claims.iat !== 'number' || claims.iat > nowS + CLOCK_SKEW_S) throw new TokenRejected('invalid');
  if (typeof claims.auth_time !== 'number' || claims.auth_time > nowS + CLOCK_SKEW_S)
    throw new TokenRejected('invalid');
  return claims;
}
