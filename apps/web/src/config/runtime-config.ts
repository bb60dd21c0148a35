import { type RuntimeConfig, runtimeConfigSchema } from '@scanline/contracts';

let current: RuntimeConfig | undefined;

/** Read once at boot from the server (`/config.json`): one build runs against any deployment. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`The server did not give the console its configuration (HTTP ${res.status}).`);
  current = runtimeConfigSchema.parse(await res.json());
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime configuration read before boot');
  return current;
}
