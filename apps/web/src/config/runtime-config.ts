import type { RuntimeConfig } from '@scanline/contracts';

let current: RuntimeConfig | undefined;

// A structural check instead of the zod schema: zod would add ~50 KB to the first load of
// every screen, for one object the server itself builds from the same contract type.
function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const v = value as RuntimeConfig;
  return (
    typeof v?.public_url === 'string' &&
    typeof v.firebase?.api_key === 'string' &&
    typeof v.firebase.project_id === 'string' &&
    (v.auth?.provider === 'builtin' || v.auth?.provider === 'google') &&
    Array.isArray(v.auth.federated_providers) &&
    typeof v.api?.main === 'string' &&
    typeof v.api.terminal === 'string' &&
    typeof v.api.mobile === 'string' &&
    Array.isArray(v.sentry?.trace_propagation_targets)
  );
}

/** Read once at boot from the server (`/config.json`): one build runs against any deployment. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // Revalidated by ETag (the server answers 304 when unchanged); index.html preloads it so the
  // request starts with the page, not after the script.
  const res = await fetch('/config.json');
  if (!res.ok) throw new Error(`The server did not give the console its configuration (HTTP ${res.status}).`);
  const body: unknown = await res.json();
  if (!isRuntimeConfig(body))
    throw new Error('The server gave the console a configuration it does not understand.');
  current = body;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime configuration read before boot');
  return current;
}
