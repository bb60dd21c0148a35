import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { makeTeam } from '../test/factories';
import { freePort, type TestApp } from '../test/harness';
import { canMakeCluster, makeStreamingPair } from '../test/own-postgres';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db';
import { processRegistry } from './process-metrics';

/**
 * On real servers: a primary and a streaming standby of the test's own, two app
 * replicas on them (as two processes behind a balancer would be). The owner writes on one app
 * replica and reads on the other; the admin is "someone else".
 */
const MAX_LAG = 2;

describe.skipIf(!process.env.DATABASE_URL || !canMakeCluster())('read replicas with read-your-writes', () => {
  let pair: ReturnType<typeof makeStreamingPair>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let dataDir: string;
  let team: Awaited<ReturnType<typeof makeTeam>>;

  const open = async () => {
    const database = await openDatabase({
      databaseUrl: pair.primaryUrl,
      replicaUrls: [pair.standbyUrl],
      replicaMaxLagSeconds: MAX_LAG,
      poolSize: 3,
    });
    databases.push(database);
    return database;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Polls until the replica has replayed everything and counts as fresh. */
  const caughtUp = async (database: Database) => {
    for (let i = 0; i < 100; i++) {
      await database.replicas!.poll();
      const [state] = database.replicas!.status();
      if (state!.up && state!.lagSeconds === 0) return;
      await sleep(100);
    }
    throw new Error('the replica did not catch up');
  };
  const auditActions = async (app: FastifyInstance, auth: { authorization: string }) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/audit`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { action: string; metadata?: { name?: string } }[] }).data.filter(
      (a) => a.action === 'project.updated',
    ).length;
  };
  const replicaQueries = async () => {
    const metric = await processRegistry.getSingleMetric('scanline_db_queries_total')!.get();
    return metric.values.find((v) => v.labels.target === 'replica')?.value ?? 0;
  };
  const rename = async (app: FastifyInstance, name: string) => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { name },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    pair = makeStreamingPair(primaryPort, standbyPort);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-read-replicas-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      RATE_LIMIT_MULTIPLIER: '0',
      // Access checks must read the database each time, not a per-process cache.
      AUTH_CACHE_SECONDS: '0',
    });
    const first = await open();
    await first.migrate();
    const second = await open();
    for (const database of [first, second]) {
      const ctx: AppContext = { config, database, now: () => new Date() };
      apps.push(await buildApp(ctx, { logger: false }));
    }
    team = await makeTeam({ app: apps[0]!, ctx: apps[0]!.ctx } as TestApp);
    await caughtUp(first);
    await caughtUp(second);
  }, 180_000);

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    for (const database of databases) await database.close().catch(() => {});
    pair?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('reads of lists go to a fresh replica', async () => {
    const before = await replicaQueries();
    expect(await auditActions(apps[1]!, team.admin.auth)).toBe(0);
    expect(await replicaQueries()).toBeGreaterThan(before);
  });

  it('a paused replica: others read stale, the writer never does on any app replica, and past the lag limit nobody does', async () => {
    pair.pause();
    try {
      await rename(apps[0]!, 'Paused one');
      // Written on app replica 0, read on app replica 1: the owner sees the write at once.
      expect(await auditActions(apps[1]!, team.owner.auth)).toBe(1);
      expect(await auditActions(apps[0]!, team.owner.auth)).toBe(1);
      // Someone else, within the lag limit, may read the replica's older state.
      await databases[1]!.replicas!.poll();
      expect(databases[1]!.replicas!.status()[0]!.lagSeconds).toBeLessThanOrEqual(MAX_LAG);
      expect(await auditActions(apps[1]!, team.admin.auth)).toBe(0);
      // Past the limit the replica is skipped: nobody reads stale.
      await sleep(MAX_LAG * 1000 + 500);
      await databases[1]!.replicas!.poll();
      expect(databases[1]!.replicas!.status()[0]!.lagSeconds).toBeGreaterThan(MAX_LAG);
      const before = await replicaQueries();
      expect(await auditActions(apps[1]!, team.admin.auth)).toBe(1);
      expect(await auditActions(apps[0]!, team.admin.auth)).toBe(1);
      expect(await replicaQueries()).toBe(before);
    } finally {
      pair.resume();
    }
    // Caught up again: taken back.
    await caughtUp(databases[1]!);
    const before = await replicaQueries();
    expect(await auditActions(apps[1]!, team.admin.auth)).toBe(1);
    expect(await replicaQueries()).toBeGreaterThan(before);
  }, 60_000);

  it('a member removed while the replica lags is refused at once: access is asked of the primary', async () => {
    await caughtUp(databases[1]!);
    const read = () =>
      apps[1]!.inject({
        method: 'GET',
        url: `/api/v1/projects/${team.project.id}/transactions`,
        headers: team.member.auth,
      });
    expect((await read()).statusCode).toBe(200);
    pair.pause();
    try {
      const removed = await apps[0]!.inject({
        method: 'DELETE',
        url: `/api/v1/projects/${team.project.id}/members/${team.member.user.uid}`,
        headers: team.owner.auth,
      });
      expect(removed.statusCode).toBe(204);
      // The paused replica still holds the membership, and is within the lag limit: the list
      // would be served there, but who may read it is not.
      await databases[1]!.replicas!.poll();
      expect(databases[1]!.replicas!.status()[0]!.lagSeconds).toBeLessThanOrEqual(MAX_LAG);
      expect((await read()).statusCode).toBe(404);
    } finally {
      pair.resume();
    }
  }, 60_000);

  it('a replica that stops costs no request, and is taken back when it returns', async () => {
    await caughtUp(databases[1]!);
    pair.stopStandby();
    // Straight after the stop, before any poll noticed: every read still answers.
    for (let i = 0; i < 10; i++) expect(await auditActions(apps[1]!, team.admin.auth)).toBe(1);
    await databases[1]!.replicas!.poll();
    expect(databases[1]!.replicas!.status()[0]!.up).toBe(false);
    await rename(apps[0]!, 'While the replica was down');
    expect(await auditActions(apps[1]!, team.admin.auth)).toBe(2);
    pair.startStandby();
    await caughtUp(databases[1]!);
    const before = await replicaQueries();
    expect(await auditActions(apps[1]!, team.admin.auth)).toBe(2);
    expect(await replicaQueries()).toBeGreaterThan(before);
  }, 120_000);

  it('metrics name each replica with its lag and count statements by target', async () => {
    const text = await processRegistry.metrics();
    expect(text).toMatch(
      /scanline_db_replica_lag_seconds\{replica="127\.0\.0\.1:\d+\/postgres",instance="[^"]+"\} \d/,
    );
    expect(text).toMatch(/scanline_db_queries_total\{target="primary",instance="[^"]+"\} [1-9]/);
    expect(text).toMatch(/scanline_db_queries_total\{target="replica",instance="[^"]+"\} [1-9]/);
  });
});
