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
import { cashierSignedIn, idemKey, pairedTerminal, staffFor, type Team } from '../../test/terminal-fixtures';
import { openSameDatabase, openTestDatabase } from '../../test/test-database';
import { projectCacheOf } from '../projects/project-access-cache';
import { hashCashierSessionToken } from './cashier-session-token';

type Headers = Record<string, string>;

const create = (app: FastifyInstance, headers: Headers) =>
  app.inject({
    method: 'POST',
    url: '/terminal/v1/transactions',
    headers: { ...headers, 'idempotency-key': idemKey() },
    payload: { amount: 700 },
  });

/** Whether this replica holds the session of `header` in its per-process cache. */
const cachedOn = (t: Pick<TestApp, 'ctx'>, header: { 'cashier-session': string }) =>
  projectCacheOf(t.ctx.database.db, 'cashier_sessions')?.get(
    hashCashierSessionToken(header['cashier-session']),
  ) !== undefined;

/** What ends a session, done through `on` (the owner's or the device's own request). */
const revocations: {
  name: string;
  run: (
    on: TestApp,
    s: { team: Team; device: Headers; staffId: string; header: Headers },
  ) => Promise<unknown>;
}[] = [
  {
    name: 'the cashier signs out',
    run: (on, s) =>
      on.app.inject({
        method: 'DELETE',
        url: '/terminal/v1/cashier-sessions/current',
        headers: { ...s.device, ...s.header },
      }),
  },
  {
    name: 'another cashier signs in on the terminal',
    run: (on, s) => cashierSignedIn(on, s.device as { authorization: string }, '8282'),
  },
  {
    name: 'the PIN changes',
    run: (on, s) =>
      on.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${s.team.project.id}/staff/${s.staffId}`,
        headers: s.team.owner.auth,
        payload: { pin: '7373' },
      }),
  },
  {
    name: 'the role changes',
    run: (on, s) =>
      on.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${s.team.project.id}/staff/${s.staffId}`,
        headers: s.team.owner.auth,
        payload: { role: 'manager' },
      }),
  },
  {
    name: 'the staff member is deleted',
    run: (on, s) =>
      on.app.inject({
        method: 'DELETE',
        url: `/api/v1/projects/${s.team.project.id}/staff/${s.staffId}`,
        headers: s.team.owner.auth,
      }),
  },
];

/** A staffed till with a cashier signed in through `on`. */
async function signedInTill(on: TestApp) {
  const team = await makeTeam(on);
  const till = await pairedTerminal(on, team);
  const ana = await staffFor(on, team, { name: 'Ana', pin: '8181' });
  await staffFor(on, team, { name: 'Ben', pin: '8282' });
  const { header } = await cashierSignedIn(on, till.auth, '8181');
  return { team, device: till.auth as Headers, staffId: ana.id, header };
}

describe('cashier sessions kept per process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '0' } });
  });
  afterAll(() => t.close());

  for (const revocation of revocations) {
    it(`forgets a session at once when ${revocation.name}`, async () => {
      const s = await signedInTill(t);
      const headers = { ...s.device, ...s.header };
      expect((await create(t.app, headers)).statusCode).toBe(201);
      expect(cachedOn(t, s.header)).toBe(true);
      await revocation.run(t, s);
      expect(cachedOn(t, s.header)).toBe(false);
      const refused = await create(t.app, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('cashier_required');
    });
  }

  it('asks the database again past the idle time and past the lease, never trusting the copy', async () => {
    const s = await signedInTill(t);
    const headers = { ...s.device, ...s.header };
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${s.team.project.id}`,
      headers: s.team.owner.auth,
      payload: { cashier_idle_minutes: 1 },
    });
    expect((await create(t.app, headers)).statusCode).toBe(201);
    expect(cachedOn(t, s.header)).toBe(true);
    t.advance(61_000);
    const idle = await create(t.app, headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('cashier_required');
  });

  it('a session of another terminal is not this one’s, cached or not', async () => {
    const s = await signedInTill(t);
    const other = await pairedTerminal(t, s.team);
    expect((await create(t.app, { ...s.device, ...s.header })).statusCode).toBe(201);
    const refused = await create(t.app, { ...other.auth, ...s.header });
    expect(refused.json().code).toBe('cashier_required');
  });
});

/** Two app instances (replicas) on one PostgreSQL database, as production runs them. */
describe.skipIf(!process.env.DATABASE_URL)(
  'cashier sessions cached on two replicas on one PostgreSQL',
  () => {
    const replicas: TestApp[] = [];
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      const first = await openTestDatabase();
      const second = await openSameDatabase(first.database, 3);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-replicas-'));
      // Replicas share DATA_DIR here (in production: SECRETS_KEY), so they derive the same PIN lookup key.
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
        replicas.push({ app, ctx } as TestApp);
      }
      cleanup = async () => {
        for (const r of replicas) await r.app.close();
        await second.close();
        await first.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    });
    afterAll(() => cleanup());

    for (const revocation of revocations) {
      it(`when ${revocation.name} on one replica, the other refuses the session on its next request`, async () => {
        const [a, b] = replicas as [TestApp, TestApp];
        const s = await signedInTill(a);
        const headers = { ...s.device, ...s.header };
        // B has read the session and keeps it.
        expect((await create(b.app, headers)).statusCode).toBe(201);
        expect((await create(b.app, headers)).statusCode).toBe(201);
        expect(cachedOn(b, s.header)).toBe(true);
        await revocation.run(a, s);
        // No waiting: the writer answered after its own replica heard the change, and B with it.
        expect(cachedOn(b, s.header)).toBe(false);
        const refused = await create(b.app, headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe('cashier_required');
      });
    }

    it('unpairing a terminal on one replica ends its cashier’s session on the other', async () => {
      const [a, b] = replicas as [TestApp, TestApp];
      const team = await makeTeam(a);
      const till = await pairedTerminal(a, team);
      await staffFor(a, team, { name: 'Mo', pin: '8383', role: 'manager' });
      const { header } = await cashierSignedIn(a, till.auth, '8383');
      expect((await create(b.app, { ...till.auth, ...header })).statusCode).toBe(201);
      expect(cachedOn(b, header)).toBe(true);
      const unpair = await a.app.inject({
        method: 'POST',
        url: '/terminal/v1/unpair',
        headers: { ...till.auth, ...header },
      });
      expect(unpair.statusCode, unpair.body).toBe(204);
      expect(cachedOn(b, header)).toBe(false);
    });
  },
);
