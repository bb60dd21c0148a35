import type { RuntimeConfig } from '@scanline/contracts';
import type { Config } from './config';

/** What the console may know about this deployment (`GET /config.json`); no secrets here. */
export function presentRuntimeConfig(config: Config): RuntimeConfig {
  const publicHost = new URL(config.publicUrl).hostname;
  return {
    public_url: config.publicUrl,
    firebase: {
      api_key: config.auth.apiKey,
      auth_domain:
        config.auth.provider === 'google'
          ? `${config.auth.projectId}.firebaseapp.com`
          : new URL(config.publicUrl).host,
      project_id: config.auth.projectId,
    },
    auth: {
      provider: config.auth.provider,
      emulator_origin: config.auth.provider === 'builtin' ? new URL(config.publicUrl).origin : null,
      federated_providers: config.auth.oidcProviders.map((p) => ({
        id: p.provider_id,
        name: p.name,
        display_name: p.display_name,
      })),
      // The SDK accepts only a same-origin path here.
      token_sync_url: config.auth.sessionSync ? '/auth/session' : null,
    },
    api: config.apiUrls,
    legal: { terms_url: config.legal.termsUrl ?? null, privacy_url: config.legal.privacyUrl ?? null },
    sentry: {
      dsn: config.sentry.dsn ?? null,
      environment: config.sentry.environment,
      // Seed §1: trace headers go to our own domain and its subdomains only.
      trace_propagation_targets: [
        new URL(config.publicUrl).origin,
        `^https?://([a-z0-9-]+\\.)*${publicHost.replace(/\./g, '\\.')}(:\\d+)?(/|$)`,
      ],
    },
  };
}
