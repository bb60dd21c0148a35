import { createRemoteJWKSet } from 'jose';
import * as oidc from 'openid-client';
import type { Config, OidcProviderConfig } from '../../platform/config';

interface Loaded {
  provider: OidcProviderConfig;
  client: oidc.Configuration;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

const loaded = new Map<string, Promise<Loaded>>();

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

export function findProvider(config: Config, by: { name?: string; providerId?: string }) {
  return config.auth.oidcProviders.find((p) =>
    by.name ? p.name === by.name : p.provider_id === by.providerId,
  );
}

/** Discovers a provider once per process (issuer metadata, JWKS), retrying after a failure. */
export function loadProvider(config: Config, provider: OidcProviderConfig): Promise<Loaded> {
  const key = `${provider.name}|${provider.issuer}|${provider.client_id}`;
  let entry = loaded.get(key);
  if (!entry) {
    entry = (async () => {
      // Plain http is allowed only for a provider on this machine (development and tests).
      const options = isLoopback(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined;
      const client = await oidc.discovery(
        new URL(provider.issuer),
        provider.client_id,
        provider.client_secret,
        undefined,
        options,
      );
      const jwksUri = client.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`provider ${provider.name} publishes no jwks_uri`);
      return { provider, client, jwks: createRemoteJWKSet(new URL(jwksUri)) };
    })();
    entry.catch(() => loaded.delete(key));
    loaded.set(key, entry);
  }
  void config;
  return entry;
}
