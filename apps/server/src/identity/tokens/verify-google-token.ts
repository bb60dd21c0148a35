import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AppContext } from '../../platform/context';
import { checkClaims, type IdTokenClaims, TokenRejected } from './verify-identity-token';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * AUTH_PROVIDER=google: Google Identity Platform's ID tokens, checked against Google's keys
 * (GOOGLE_JWKS_URL; cached by jose and refetched on an unknown kid).
 */
export async function verifyGoogleIdToken(ctx: AppContext, token: string): Promise<IdTokenClaims> {
  const url = ctx.config.auth.googleJwksUrl;
  let jwks = keySets.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url));
    keySets.set(url, jwks);
  }
  try {
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      algorithms: ['RS256'],
      issuer: ctx.config.auth.issuer,
      audience: ctx.config.auth.projectId,
      currentDate: ctx.now(),
      clockTolerance: 30,
      requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
    });
    if (!protectedHeader.kid) throw new TokenRejected('invalid');
    return checkClaims(payload as unknown as IdTokenClaims, ctx.now());
  } catch (error) {
    if (error instanceof TokenRejected) throw error;
    if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw new TokenRejected('expired');
    throw new TokenRejected('invalid');
  }
}
