import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { operatorCommands } from '../../cli/operator-commands';
import { revokeUserSessions, setUserDisabled } from '../../identity/users/update-user';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pairedTerminal } from '../../test/terminal-fixtures';
import { openSameDatabase, openTestDatabase } from '../../test/test-database';
import { signedInUser } from '../../test/tokens';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { credentialCaches } from './credential-cache';

const me = (app: FastifyInstance, authorization: string) =>
  app.inject({ url: '/api/v1/me', headers: { authorization } }).then((r) => r.statusCode);

async function newKey(app: FastifyInstance, projectId: string, auth: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/api-keys`,
    headers: auth,
    payload: { name: 'server', mode: 'read' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; secret: string };
}

describe('credential cache on one replica', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '0' } });
  });
  afterAll(() => t.close());

  it('keeps a verified ID token, and forgets it at once when the user is signed out or disabled', async () => {
    const caches = credentialCaches(t.ctx.database, t.ctx.config.authCacheSeconds);
    const a = await signedInUser(t.ctx);
    expect(await me(t.app, a.auth.authorization)).toBe(200);
    expect(caches.idTokens.get(a.idToken)).toBeDefined();
    t.advance(2000);
    await revokeUserSessions(t.ctx.database, a.user.uid, t.ctx.now());
    expect(caches.idTokens.get(a.idToken)).toBeUndefined();
    expect(await me(t.app, a.auth.authorization)).toBe(401);

    // Through the operator command too (the CLI's door into a running server).
    const b = await signedInUser(t.ctx);
    expect(await me(t.app, b.auth.authorization)).toBe(200);
    await operatorCommands['users disable']!(t.ctx, [b.user.email!]);
    expect(await me(t.app, b.auth.authorization)).toBe(401);

    const c = await signedInUser(t.ctx);
    expect(await me(t.app, c.auth.authorization)).toBe(200);
    await setUserDisabled(t.ctx.database, { uid: c.user.uid, disabled: true, now: t.ctx.now() });
    expect(await me(t.app, c.auth.authorization)).toBe(401);
  });

  it('refuses a cached token once it expires', async () => {
    const a = await signedInUser(t.ctx);
    expect(await me(t.app, a.auth.authorization)).toBe(200);
    t.advance(2 * 3600 * 1000);
    const res = await t.app.inject({ url: '/api/v1/me', headers: a.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_expired');
  });

  it('keeps an API key, and forgets it at once when revoked or rolled', async () => {
    const team = await makeTeam(t);
    const project = `/api/v1/projects/${team.project.id}`;
    const get = (secret: string) =>
      t.app
        .inject({ url: project, headers: { authorization: `Bearer ${secret}` } })
        .then((r) => r.statusCode);

    const revoked = await newKey(t.app, team.project.id, team.owner.auth);
    expect(await get(revoked.secret)).toBe(200);
    expect(await get(revoked.secret)).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${project}/api-keys/${revoked.id}`,
      headers: team.owner.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await get(revoked.secret)).toBe(401);

    const rolled = await newKey(t.app, team.project.id, team.owner.auth);
    expect(await get(rolled.secret)).toBe(200);
    const roll = await t.app.inject({
      method: 'POST',
      url: `${project}/api-keys/${rolled.id}/roll`,
      headers: team.owner.auth,
      payload: { grace_period_seconds: 0 },
    });
    expect(roll.statusCode).toBe(200);
    expect(await get(rolled.secret)).toBe(401);
    expect(await get(roll.json().secret)).toBe(200);
  });
});

/** Two app instances (replicas) on one PostgreSQL database, as production runs them. */
describe.skipIf(!process.env.DATABASE_URL)('revocation across two replicas on one PostgreSQL', () => {
  const replicas: { app: FastifyInstance; ctx: AppContext }[] = [];
  let cleanup: () => Promise<void>;
  let offset = 0;
  beforeAll(async () => {
    const first = await openTestDatabase();
    const second = await openSameDatabase(first.database, 3);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-replicas-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      RATE_LIMIT_MULTIPLIER: '0',
    });
    const now = () => new Date(Date.now() + offset);
    for (const database of [first.database, second]) {
      const ctx: AppContext = { config, database, now };
      const app = await buildApp(ctx, { logger: false });
      await app.ready();
      replicas.push({ app, ctx });
    }
    cleanup = async () => {
      for (const r of replicas) await r.app.close();
      await second.close();
      await first.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());

  /** Polls the other replica until it refuses; the bound is the promise (1 s). */
  async function refusedWithin(check: () => Promise<number>, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      if ((await check()) === 401) return true;
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('signing a user out on one replica refuses the token on the other within 1 s', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const user = await signedInUser(a.ctx);
    expect(await me(a.app, user.auth.authorization)).toBe(200);
    expect(await me(b.app, user.auth.authorization)).toBe(200);
    expect(credentialCaches(b.ctx.database, 5).idTokens.get(user.idToken)).toBeDefined();
    offset += 2000;
    await revokeUserSessions(a.ctx.database, user.user.uid, a.ctx.now());
    expect(await me(a.app, user.auth.authorization)).toBe(401);
    expect(await refusedWithin(() => me(b.app, user.auth.authorization), 1000)).toBe(true);
  });

  it('forgets everything when its LISTEN connection drops (a revocation may have been missed)', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const user = await signedInUser(a.ctx);
    expect(await me(b.app, user.auth.authorization)).toBe(200);
    const cache = credentialCaches(b.ctx.database, 5).idTokens;
    expect(cache.get(user.idToken)).toBeDefined();
    // Cut every replica's listening connection, as a failover or a network blip would.
    await a.ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
    );
    const deadline = Date.now() + 1000;
    while (cache.get(user.idToken) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(cache.get(user.idToken)).toBeUndefined();
    // It listens again (within the bus's 1 s retry) and still answers.
    expect(await me(b.app, user.auth.authorization)).toBe(200);
  });

  it('revoking an API key on one replica refuses it on the other within 1 s', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const team = await makeTeam({ app: a.app, ctx: a.ctx } as TestApp);
    const key = await newKey(a.app, team.project.id, team.owner.auth);
    const get = (app: FastifyInstance) =>
      app
        .inject({
          url: `/api/v1/projects/${team.project.id}`,
          headers: { authorization: `Bearer ${key.secret}` },
        })
        .then((r) => r.statusCode);
    expect(await get(a.app)).toBe(200);
    expect(await get(b.app)).toBe(200);
    const del = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}/api-keys/${key.id}`,
      headers: team.owner.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(await refusedWithin(() => get(b.app), 1000)).toBe(true);
  });
  it('disabling a terminal on one replica refuses its device token on the other within 1 s', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const t = { app: a.app, ctx: a.ctx } as TestApp;
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    // A read that only authentication can refuse (the heartbeat itself checks the terminal).
    const read = (app: FastifyInstance) =>
      app
        .inject({ url: '/terminal/v1/transactions/txn_none', headers: device.auth })
        .then((r) => r.statusCode);
    // Until b keeps it (a lookup overlapping the pairing's own notice is not stored).
    const cache = credentialCaches(b.ctx.database, 5).devices;
    const deadline = Date.now() + 1000;
    while (cache.size === 0 && Date.now() < deadline) {
      expect(await read(b.app)).toBe(404);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(cache.size).toBeGreaterThan(0);
    const disabled = await a.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${team.project.id}/terminals/${device.terminal.id}/disable`,
      headers: team.owner.auth,
    });
    expect(disabled.statusCode).toBe(200);
    expect(await refusedWithin(() => read(b.app), 1000)).toBe(true);
  });
});
