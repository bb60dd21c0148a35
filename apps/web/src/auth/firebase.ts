import type { RuntimeConfig } from '@scanline/contracts';
import type { Auth } from 'firebase/auth';

export type AuthSdk = typeof import('firebase/auth');

let sdkModule: AuthSdk | undefined;
let authInstance: Auth | undefined;

declare global {
  // Read by the firebase SDK when it loads (session sync, seed §7).
  var __FIREBASE_DEFAULTS__: Record<string, unknown> | undefined;
}

/**
 * Starts the firebase SDK against this deployment's identity service. Session sync must be
 * configured before the SDK module is evaluated, hence the dynamic import (NOTES.md).
 */
export async function initFirebase(config: RuntimeConfig): Promise<Auth> {
  if (config.auth.token_sync_url) {
    globalThis.__FIREBASE_DEFAULTS__ = { _authTokenSyncURL: config.auth.token_sync_url, _authIdTokenMaxAge: 300 };
  }
  const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const app = initializeApp({
    apiKey: config.firebase.api_key,
    authDomain: config.firebase.auth_domain,
    projectId: config.firebase.project_id,
  });
  const auth = sdk.getAuth(app);
  if (config.auth.emulator_origin) {
    sdk.connectAuthEmulator(auth, config.auth.emulator_origin, { disableWarnings: true });
  }
  sdkModule = sdk;
  authInstance = auth;
  return auth;
}

/** The loaded SDK, for code on the boot path that must not import it statically. */
export function sdk(): AuthSdk {
  if (!sdkModule) throw new Error('firebase used before boot');
  return sdkModule;
}

export function auth(): Auth {
  if (!authInstance) throw new Error('firebase used before boot');
  return authInstance;
}
