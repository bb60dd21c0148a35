import type { RuntimeConfig } from '@scanline/contracts';
import type { Auth, User } from 'firebase/auth';
import { runtimeConfig } from '../config/runtime-config';

export type AuthSdk = typeof import('./firebase-sdk');

let sdkModule: AuthSdk | undefined;
let authInstance: Auth | undefined;

/**
 * Session sync (seed §7, §9): each new ID token is posted to the server's session endpoint,
 * which sets a short-lived HttpOnly cookie for downloads and event streams; sign-out
 * deletes it. The SDK does the same only through getAuth(), which also bundles its
 * popup/redirect machinery that cannot work self-hosted, so the console does it itself.
 */
function syncSession(sdk: AuthSdk, auth: Auth, url: string) {
  let last: string | null | undefined;
  const post = async (user: User | null) => {
    const token = user ? await user.getIdToken().catch(() => null) : null;
    if (token === last) return;
    last = token;
    await fetch(url, {
      method: token ? 'POST' : 'DELETE',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    }).catch(() => undefined);
  };
  sdk.onIdTokenChanged(auth, (user) => void post(user));
}

/** Starts the firebase SDK against this deployment's identity service. */
export async function initFirebase(config: RuntimeConfig): Promise<Auth> {
  const sdk = await import('./firebase-sdk');
  const app = sdk.initializeApp({
    apiKey: config.firebase.api_key,
    authDomain: config.firebase.auth_domain,
    projectId: config.firebase.project_id,
  });
  // getAuth()'s persistence, shared across tabs (a sign-out in one tab reaches the others).
  const auth = sdk.initializeAuth(app, {
    persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence, sdk.browserSessionPersistence],
  });
  if (config.auth.emulator_origin) {
    sdk.connectAuthEmulator(auth, config.auth.emulator_origin, { disableWarnings: true });
  }
  if (config.auth.token_sync_url && window.isSecureContext)
    syncSession(sdk, auth, config.auth.token_sync_url);
  sdkModule = sdk;
  authInstance = auth;
  return auth;
}

let starting: Promise<Auth> | undefined;
let markStarted: () => void = () => {};
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/**
 * The SDK, started once. Boot does not wait for it: signed-in screens start it at
 * boot, the sign-in screens once they have painted (their SDK's ~26 KB is not in the way of
 * the first paint on a phone); code that needs it awaits this.
 */
export function authReady(config: RuntimeConfig = runtimeConfig()): Promise<Auth> {
  starting ??= initFirebase(config);
  markStarted();
  return starting;
}

/** Resolves with the SDK once something started it (the auth state listens through this). */
export async function authStarted(): Promise<Auth> {
  await started;
  return authReady();
}

/** The loaded SDK functions, for code on the boot path that must not import it statically. */
export function sdk(): AuthSdk {
  if (!sdkModule) throw new Error('firebase used before boot');
  return sdkModule;
}

export function auth(): Auth {
  if (!authInstance) throw new Error('firebase used before boot');
  return authInstance;
}
