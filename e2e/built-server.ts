import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/platform/config';
import type { AppContext } from '../apps/server/src/platform/context';
import { openDatabase } from '../apps/server/src/platform/db';
import { freePort, type RunningServer, repoRoot, startServer } from '../test/first-day/processes';

/**
 * The browser suite's server is what `npm start` runs (docs/develop/testing.md#the-browser-suite):
 * `apps/server/dist/main.js` as a child process in production mode, on a PostgreSQL database of its
 * own. The test keeps a context of its own on that database (to read rows, mint sessions, run a
 * domain function), and calls the HTTP API through `app.inject`, which goes over the socket.
 */

export interface InjectRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

export interface InjectResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the route answered
  json(): any;
}

export interface BuiltServer {
  app: { inject(req: InjectRequest): Promise<InjectResponse> };
  ctx: AppContext;
  origin: string;
  /** Moves the server's clock (and the test's) forward; only with `shiftableClock`. */
  advance(ms: number): Promise<void>;
  /** Error lines the server logged so far. */
  errors(): string[];
  close(): Promise<void>;
}

export interface BuiltServerOptions {
  env?: Record<string, string>;
  /** Port to listen on (default: a free one), for a test that must know the URL first. */
  port?: number;
  /** Loads `e2e/clock-shift.mjs` into the server: `advance()` moves its `Date`. */
  shiftableClock?: boolean;
}

const adminUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function startBuiltServer(opts: BuiltServerOptions = {}): Promise<BuiltServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist is not built: run `npm run test:e2e`');
  const name = `scanline_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl(), name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-e2e-'));
  const clockFile = path.join(dataDir, 'clock-offset');
  const port = opts.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // The test's own context decrypts the signing keys the server made: one key for both.
    SECRETS_KEY: randomBytes(32).toString('base64'),
    LOG_FORMAT: 'json',
    RATE_LIMIT_MULTIPLIER: '100',
    ...opts.env,
  };
  if (opts.shiftableClock) {
    fs.writeFileSync(clockFile, '0');
    env.SCANLINE_TEST_CLOCK_FILE = clockFile;
    env.NODE_OPTIONS = `--import ${path.join(repoRoot, 'e2e/clock-shift.mjs')}`;
  }
  let server: RunningServer;
  try {
    server = await startServer([process.execPath, main], env);
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl, poolSize: 3 });
  let offset = 0;
  const ctx: AppContext = { config, database, now: () => new Date(Date.now() + offset) };

  return {
    origin,
    ctx,
    app: {
      async inject({ method = 'GET', url, headers = {}, payload }) {
        const body =
          payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
        const res = await fetch(`${origin}${url}`, {
          method,
          headers: {
            ...(body !== undefined && typeof payload !== 'string'
              ? { 'content-type': 'application/json' }
              : {}),
            ...headers,
          },
          ...(body !== undefined ? { body } : {}),
        });
        const text = await res.text();
        return {
          statusCode: res.status,
          body: text,
          headers: Object.fromEntries(res.headers.entries()),
          json: () => JSON.parse(text),
        };
      },
    },
    async advance(ms) {
      if (!opts.shiftableClock) throw new Error('start the server with shiftableClock to move its clock');
      offset += ms;
      fs.writeFileSync(clockFile, String(offset));
      // The preload reads the file on every clock read that is more than 50 ms after its last.
      await new Promise((r) => setTimeout(r, 120));
    },
    errors: () => server.errors(),
    async close() {
      await server.stop();
      await database.close();
      await dropDatabase(name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
