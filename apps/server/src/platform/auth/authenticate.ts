import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { readCookie } from '../cookies';
import { AppError } from '../errors';
import type { Principal } from './principal';
import { SESSION_COOKIE } from './session-cookie';

export type CredentialVerifier = (ctx: AppContext, secret: string) => Promise<Principal>;

/**
 * What authentication checks a credential with. Verifying needs the identity service's users,
 * sessions and keys (a higher layer), so the API plugins hand the verifiers in.
 */
export interface CredentialVerifiers {
  idToken: CredentialVerifier;
  /** Absent where API keys are not accepted. */
  apiKey?: CredentialVerifier;
}

const unauthenticated = (
  detail: string,
  code: 'unauthenticated' | 'token_expired' | 'token_revoked' = 'unauthenticated',
) => new AppError(code, detail);

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) {
    if (request.routeOptions.config?.cookieAuth && request.method === 'GET') {
      return readCookie(request.headers.cookie, SESSION_COOKIE);
    }
    return undefined;
  }
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header);
  if (!match?.[1]) throw unauthenticated('Send the credential as "Authorization: Bearer <token>".');
  return match[1];
}

/** Reads the caller's credential: an ID token, or (for keys starting `sl_`) a project API key. */
export async function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
  verifiers: CredentialVerifiers,
): Promise<Principal> {
  const token = bearerOf(request);
  if (!token) throw unauthenticated('Sign in, or send an API key, to use this API.');
  if (token.startsWith('sl_')) {
    if (!verifiers.apiKey) throw unauthenticated('API keys are not accepted here.');
    return verifiers.apiKey(ctx, token);
  }
  return verifiers.idToken(ctx, token);
}

/** The signed-in person, for routes that a project API key may not use. */
export function requireUser(request: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const auth = request.auth;
  if (auth?.kind !== 'user')
    throw new AppError('forbidden', 'This route needs a signed-in user, not an API key.');
  return auth;
}
