import { randomBytes } from 'node:crypto';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, initializeAuth, inMemoryPersistence } from 'firebase/auth';
import type { TestApp } from './harness';

export interface FirebaseClient {
  app: FirebaseApp;
  auth: Auth;
  close(): Promise<void>;
}

/** The official firebase SDK (Node build), pointed at our identity service as the browser's is. */
export function firebaseClient(t: TestApp, opts: { apiKey?: string } = {}): FirebaseClient {
  const app = initializeApp(
    {
      apiKey: opts.apiKey ?? t.ctx.config.auth.apiKey,
      projectId: t.ctx.config.auth.projectId,
      authDomain: new URL(t.origin).host,
    },
    `client-${randomBytes(6).toString('hex')}`,
  );
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, t.origin, { disableWarnings: true });
  return { app, auth, close: () => deleteApp(app) };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;

/** SDK clients for one test app, all closed together when the file's tests end. */
export function firebaseClientPool(getApp: () => TestApp) {
  const clients: FirebaseClient[] = [];
  return {
    auth(opts: { apiKey?: string } = {}): Auth {
      const c = firebaseClient(getApp(), opts);
      clients.push(c);
      return c.auth;
    },
    async closeAll() {
      for (const c of clients.splice(0)) await c.close();
    },
  };
}
