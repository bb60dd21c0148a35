import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import type { AppContext } from '../../platform/context';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { openSameDatabase, openTestDatabase } from '../../test/test-database';
import { projectAccessCacheOf } from './project-access-cache';
import { purgeDeletedProjects } from './purge-deleted-projects';
import { RESTORE_WINDOW_MS } from './restore-window';

const read = (app: FastifyInstance, projectId: string, auth: Record<string, string>, suffix = '') =>
  app.inject({ url: `/api/v1/projects/${projectId}${suffix}`, headers: auth });

describe('project access cache on one replica', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '0' } });
  });
  afterAll(() => t.close());

  it('keeps a member’s read, and forgets it at once when the role changes or the member leaves', async () => {
    const team = await makeTeam(t);
    const cache = projectAccessCacheOf(t.ctx.database.db)!;
    expect((await read(t.app, team.project.id, team.admin.auth, '/audit')).statusCode).toBe(200);
    expect(cache.get(`${team.project.id}\u0000${team.admin.user.uid}`)).toBeDefined();

    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}/members/${team.admin.user.uid}`,
      headers: team.owner.auth,
      payload: { role: 'member' },
    });
    expect(demote.statusCode).toBe(204);
    expect((await read(t.app, team.project.id, team.admin.auth, '/audit')).statusCode).toBe(403);
    expect((await read(t.app, team.project.id, team.admin.auth)).json().role).toBe('member');

    expect((await read(t.app, team.project.id, team.member.auth)).statusCode).toBe(200);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}/members/${team.member.user.uid}`,
      headers: team.owner.auth,
    });
    expect(remove.statusCode).toBe(204);
    expect((await read(t.app, team.project.id, team.member.auth)).statusCode).toBe(404);
  });

  it('shows an edit, a deletion and a purge at once', async () => {
    const team = await makeTeam(t);
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/api-keys`,
      headers: team.owner.auth,
      payload: { name: 'server', mode: 'read' },
    });
    const keyAuth = { authorization: `Bearer ${key.json().secret}` };
    expect((await read(t.app, team.project.id, team.member.auth)).json().name).toBe('Downtown store');
    expect((await read(t.app, team.project.id, keyAuth)).json().name).toBe('Downtown store');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { name: 'Uptown store' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await read(t.app, team.project.id, team.member.auth)).json().name).toBe('Uptown store');
    expect((await read(t.app, team.project.id, keyAuth)).json().name).toBe('Uptown store');

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await read(t.app, team.project.id, team.member.auth)).statusCode).toBe(404);
    expect((await read(t.app, team.project.id, keyAuth)).statusCode).toBe(404);

    t.advance(RESTORE_WINDOW_MS + 1000);
    await purgeDeletedProjects(t.ctx.database.db, t.ctx.now());
    expect(projectAccessCacheOf(t.ctx.database.db)!.get(team.project.id)).toBeUndefined();
  });
});

/** Two app instances (replicas) on one PostgreSQL database, as production runs them. */
describe.skipIf(!process.env.DATABASE_URL)('project access across two replicas on one PostgreSQL', () => {
  const replicas: { app: FastifyInstance; ctx: AppContext }[] = [];
  let cleanup: () => Promise<void>;
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
    for (const database of [first.database, second]) {
      const ctx: AppContext = { config, database, now: () => new Date() };
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

  /** Polls until `ok`; the bound is the credential cache's promise (1 s). */
  async function within(check: () => Promise<boolean>, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await check()) return true;
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('removing a member on one replica refuses them on the other within 1 s', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const team = await makeTeam({ app: a.app, ctx: a.ctx } as TestApp);
    expect((await read(b.app, team.project.id, team.member.auth)).statusCode).toBe(200);
    expect((await read(b.app, team.project.id, team.admin.auth, '/audit')).statusCode).toBe(200);
    expect(projectAccessCacheOf(b.ctx.database.db)!.size).toBeGreaterThan(0);

    const remove = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}/members/${team.member.user.uid}`,
      headers: team.owner.auth,
    });
    expect(remove.statusCode).toBe(204);
    expect(
      await within(
        async () => (await read(b.app, team.project.id, team.member.auth)).statusCode === 404,
        1000,
      ),
    ).toBe(true);

    const demote = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}/members/${team.admin.user.uid}`,
      headers: team.owner.auth,
      payload: { role: 'member' },
    });
    expect(demote.statusCode).toBe(204);
    expect(
      await within(
        async () => (await read(b.app, team.project.id, team.admin.auth, '/audit')).statusCode === 403,
        1000,
      ),
    ).toBe(true);
  });
});
