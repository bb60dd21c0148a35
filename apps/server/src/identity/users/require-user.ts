import type { AppContext } from '../../platform/context';
import { IdentityError } from '../identity-error';
import { isSessionAlive } from '../sessions/session-alive';
import { type IdTokenClaims, TokenRejected, verifyBuiltinIdToken } from '../tokens/verify-identity-token';
import { findUserById, type IdentityUser } from './find-user';

/** The user an identity call's `idToken` belongs to, with Google's error codes for every failure. */
export async function requireTokenUser(
  ctx: AppContext,
  idToken: unknown,
): Promise<{ user: IdentityUser; claims: IdTokenClaims }> {
  if (typeof idToken !== 'string' || idToken === '') throw new IdentityError('MISSING_ID_TOKEN');
  let claims: IdTokenClaims;
  try {
    claims = await verifyBuiltinIdToken(ctx, idToken);
  } catch (error) {
    if (error instanceof TokenRejected && error.reason === 'expired')
      throw new IdentityError('TOKEN_EXPIRED');
    throw new IdentityError('INVALID_ID_TOKEN');
  }
  const user = await findUserById(ctx.database.db, claims.sub);
  if (!user) throw new IdentityError('USER_NOT_FOUND');
  if (user.disabled) throw new IdentityError('USER_DISABLED');
  if (claims.auth_time * 1000 < user.tokensValidAfter.getTime()) throw new IdentityError('TOKEN_EXPIRED');
  if (claims.sid && !(await isSessionAlive(ctx.database.db, claims.sid)))
    throw new IdentityError('TOKEN_EXPIRED');
  return { user, claims };
}

/** Sensitive changes (password, email, deletion) need a sign-in from the last 5 minutes, as Firebase. */
export function requireRecentSignIn(ctx: AppContext, claims: IdTokenClaims) {
  if (ctx.now().getTime() / 1000 - claims.auth_time > 5 * 60)
    throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
}
