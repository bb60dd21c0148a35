import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/harness';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';
import { ConfigError, loadConfig } from './config';
import { requestLogging } from './logger';

const servers: SpawnedServer[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const s of servers) s.kill();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The real server with its stdout captured: what an operator's terminal or log shipper gets. */
async function serverOutput(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-logs-'));
  dirs.push(dataDir);
  const server = spawnServer(
    { PORT: String(port), DATA_DIR: dataDir, SECRETS_KEY: randomBytes(32).toString('base64'), ...env },
    // Not the JSON default: what an operator sees depends on LOG_FORMAT left unset.
    {
      baseEnv: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1' },
      stderr: 'inherit',
    },
  );
  servers.push(server);
  const out = () => server.out();
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const mark = out().length;
  // Probes and scrapes; static assets are quiet too, but exist only once the console is built.
  for (const probe of ['/healthz', '/readyz', '/api/v1/health', '/metrics']) await fetch(`${origin}${probe}`);
  await fetch(`${origin}/api/v1/projects?secret=1`);
  await fetch(`${origin}/api/v1/me`);
  // pino writes asynchronously (through a worker for pretty): wait for both request lines.
  const until = Date.now() + 10_000;
  while (!/\/api\/v1\/me/.test(out().slice(mark)) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300));
  server.child.kill('SIGTERM');
  return out().slice(mark).split('\n').filter(Boolean);
}

describe('logs', () => {
  it("logs a probe's 503 at warn, any other 5xx at error", async () => {
    const lines: { level: number; path: string }[] = [];
    const loggerInstance = pino({ level: 'debug' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const app = Fastify({ loggerInstance, disableRequestLogging: true });
    requestLogging(app as unknown as FastifyInstance);
    app.get('/readyz', (_req, reply) => reply.status(503).send({ ok: false }));
    app.get('/api/v1/broken', (_req, reply) => reply.status(503).send({ ok: false }));
    await app.inject({ url: '/readyz' });
    await app.inject({ url: '/api/v1/broken' });
    await app.close();
    const levels = Object.fromEntries(lines.filter((l) => l.path).map((l) => [l.path, l.level]));
    expect(levels).toEqual({ '/readyz': 40, '/api/v1/broken': 50 });
  });

  it('defaults to pretty on a terminal and JSON otherwise; LOG_FORMAT overrides; bad values stop the boot', () => {
    expect(loadConfig({}, { stdoutIsTty: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { stdoutIsTty: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTty: false }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
  });

  it('writes one JSON line per request, without probes, scrapes, assets or query strings', async () => {
    const lines = await serverOutput({ LOG_FORMAT: 'json' });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = entries.filter((e) => typeof e.status === 'number');
    expect(requests.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /api/v1/projects 401',
      'GET /api/v1/me 401',
    ]);
    expect(requests[0]).toMatchObject({
      level: 30,
      route: '/api/v1/projects',
      msg: expect.stringMatching(/^GET \/api\/v1\/projects 401 [\d.]+ ms$/),
    });
    expect(requests[0]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // The request's logger binds reqId; the line must not add it a second time.
    for (const line of lines.filter((l) => l.includes('"status"')))
      expect(line.match(/"reqId"/g)).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('secret=1');
  }, 90_000);

  it('writes one readable line per request on a terminal', async () => {
    const lines = await serverOutput({ LOG_FORMAT: 'pretty' });
    const requests = lines.filter((l) => /GET \/api\/v1\//.test(l));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/projects 401 [\d.]+ ms/);
    for (const l of lines) expect(l.trim().startsWith('{')).toBe(false);
    expect(lines.some((l) => /healthz|readyz|metrics/.test(l))).toBe(false);
  }, 90_000);
});
