import { createRemoteJWKSet, jwtVerify } from 'jose';
import { checkClaims, type IdTokenClaims, TokenRejected } from '../../identity/tokens/verify-identity-token';
import type { AppContext } from '../context';

const GOOGLE_JWKS =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/**
 * AUTH_PROVIDER=google: Google Identity Platform's ID tokens, checked against Google's keys
 * (cached by jose, refetched on an unknown kid). `jwksUrl` lets tests point at a local set.
 */
export async function verifyGoogleIdToken(
  ctx: AppContext,
  token: string,
  jwksUrl = GOOGLE_JWKS,
): Promise<IdTokenClaims> {
  jwks ??= createRemoteJWKSet(new URL(jwksUrl));
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

export const resetGoogleKeys = () => {
  jwks = undefined;
};
