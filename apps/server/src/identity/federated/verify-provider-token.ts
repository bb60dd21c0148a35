import { jwtVerify } from 'jose';
import type { AppContext } from '../../platform/context';
import { sha256Hex } from '../../platform/crypto/hash-token';
import { IdentityError } from '../identity-error';
import { findProvider, loadProvider } from './provider-registry';

export interface ProviderProfile {
  providerId: string;
  federatedId: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
  photoUrl?: string;
  raw: Record<string, unknown>;
}

/**
 * A raw nonce sent with the credential must hash (SHA-256, hex) to the token's nonce, as the
 * SDK documents for OAuthProvider.credential({ rawNonce }). Without one the token is accepted:
 * our own code flow already checked its nonce at the callback.
 */
function checkNonce(claim: unknown, rawNonce: string | undefined) {
  if (rawNonce === undefined) return;
  const expected = sha256Hex(rawNonce);
  if (claim !== expected) throw new IdentityError('MISSING_OR_INVALID_NONCE');
}

/** Checks a provider's ID token as signInWithIdp receives it: signature, issuer, audience, expiry. */
export async function verifyProviderToken(
  ctx: AppContext,
  { providerId, idToken, rawNonce }: { providerId: string; idToken: string; rawNonce?: string },
): Promise<ProviderProfile> {
  const provider = findProvider(ctx.config, { providerId });
  if (!provider) throw new IdentityError(`INVALID_PROVIDER_ID : Provider ${providerId} is not enabled`);
  let loaded: Awaited<ReturnType<typeof loadProvider>>;
  try {
    loaded = await loadProvider(ctx.config, provider);
  } catch {
    throw new IdentityError('INVALID_IDP_RESPONSE : The identity provider cannot be reached', 400);
  }
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(idToken, loaded.jwks, {
      issuer: loaded.client.serverMetadata().issuer,
      audience: provider.client_id,
      currentDate: ctx.now(),
      clockTolerance: 30,
    }));
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no sub');
  } catch {
    throw new IdentityError('INVALID_IDP_RESPONSE : The ID token from the identity provider is not valid');
  }
  checkNonce(payload.nonce, rawNonce);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    providerId,
    federatedId: payload.sub as string,
    email: str(payload.email),
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    displayName: str(payload.name),
    photoUrl: str(payload.picture),
    raw: payload as Record<string, unknown>,
  };
}
