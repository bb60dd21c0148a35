import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSameDatabase, openTestDatabase } from '../test/test-database';
import { BUS_CHANNELS } from './bus';
import type { Database } from './db';

/** Three replicas' buses on one PostgreSQL database. */
describe.skipIf(!process.env.DATABASE_URL)('the change bus on PostgreSQL', () => {
  let first: Awaited<ReturnType<typeof openTestDatabase>>;
  const others: Database[] = [];
  beforeAll(async () => {
    first = await openTestDatabase();
    others.push(await openSameDatabase(first.database, 2), await openSameDatabase(first.database, 2));
  });
  afterAll(async () => {
    for (const d of others) await d.close();
    await first.drop();
  });

  it('a heard publish resolves only after every listening replica ran its listeners', async () => {
    const replicas = [first.database, ...others];
    const heard = replicas.map(() => [] as Record<string, unknown>[]);
    const stops = replicas.map((r, i) => r.bus.subscribe(BUS_CHANNELS.projects, (m) => heard[i]!.push(m)));
    try {
      for (let round = 0; round < 5; round++) {
        await first.database.bus.publish(
          BUS_CHANNELS.projects,
          { project_id: `prj_${round}` },
          { heard: true },
        );
        // Every replica, the writer's included, has it, without the bookkeeping fields.
        for (const got of heard) expect(got.at(-1)).toEqual({ project_id: `prj_${round}` });
      }
      // Acknowledgements reach no listener.
      for (const got of heard) expect(got).toHaveLength(5);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
