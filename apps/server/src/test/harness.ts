import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../workers/webhook-dispatcher';
import { freePort } from './free-port';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Origin when started with `listen: true` (the firebase SDK needs a real socket). */
  origin: string;
  /** Moves the injectable clock forward. */
  advance(ms: number): void;
  /** A webhook dispatcher on this app (stopped on close): call `drain()` or `start()`. */
  webhookDispatcher(opts?: WebhookDispatcherOptions): WebhookDispatcher;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  listen?: boolean;
  /** Port to listen on (default: a free one); lets a test know the app's URL before it starts. */
  port?: number;
  /** Sees every route as the app registers it (before any plugin). */
  onRoute?: (route: RouteOptions) => void;
}

/** The real app on a fresh database; tests build their own data with factories. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-test-'));
  const { database, drop } = await openTestDatabase();
  let offset = 0;
  // Links in emails and the token issuer carry the public URL, so a listening app knows its port up front.
  const port = opts.listen ? (opts.port ?? (await freePort())) : 0;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    ...(opts.listen ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...opts.env,
  });
  const ctx: AppContext = { config, database, now: () => new Date(Date.now() + offset) };
  const app = await buildApp(ctx, { logger: false, onRoute: opts.onRoute });
  let origin = config.publicUrl;
  const dispatchers: WebhookDispatcher[] = [];
  if (opts.listen) {
    await app.listen({ port, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${port}`;
  } else {
    await app.ready();
  }
  return {
    app,
    ctx,
    origin,
    advance(ms) {
      offset += ms;
    },
    webhookDispatcher(dispatcherOpts) {
      const d = createWebhookDispatcher(ctx, dispatcherOpts);
      dispatchers.push(d);
      return d;
    },
    async close() {
      for (const d of dispatchers) await d.stop();
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { freePort };
