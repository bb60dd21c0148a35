import { jwtVerify } from 'jose';
import type { AppContext } from '../../platform/context';
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

/** Checks a provider's ID token as signInWithIdp receives it: signature, issuer, audience, expiry. */
export async function verifyProviderToken(
  ctx: AppContext,
  providerId: string,
  idToken: string,
): Promise<ProviderProfile> {
  const provider = findProvider(ctx.config, { providerId });
  if (!provider) throw new IdentityError(`INVALID_PROVIDER_ID : Provider ${providerId} is not enabled`);
  let loaded: Awaited<ReturnType<typeof loadProvider>>;
  try {
    loaded = await loadProvider(ctx.config, provider);
  } catch {
    throw new IdentityError('INVALID_IDP_RESPONSE : The identity provider cannot be reached', 400);
  }
  try {
    const { payload } = await jwtVerify(idToken, loaded.jwks, {
      issuer: loaded.client.serverMetadata().issuer,
      audience: provider.client_id,
      currentDate: ctx.now(),
      clockTolerance: 30,
    });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no sub');
    const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      providerId,
      federatedId: payload.sub,
      email: str(payload.email),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      displayName: str(payload.name),
      photoUrl: str(payload.picture),
      raw: payload as Record<string, unknown>,
    };
  } catch {
    throw new IdentityError('INVALID_IDP_RESPONSE : The ID token from the identity provider is not valid');
  }
}
