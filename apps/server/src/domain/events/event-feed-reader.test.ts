import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { positionAtEnd } from './event-feed';
import { eventFeedReader } from './event-feed-reader';
import { recordEvent } from './record-event';

describe('the events feed reader', () => {
  let t: TestApp;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = (await makeTeam(t)).project.id;
  });
  afterAll(() => t.close());

  const write = (n: number) =>
    t.ctx.database.db.transaction((tx) =>
      recordEvent(tx, {
        projectId,
        type: 'transaction.created',
        data: { n },
        now: t.ctx.now(),
      }),
    );
  /** An event whose `seq` was taken earlier than one already read: a transaction that committed late. */
  const writeLate = async (id: string, seq: number) => {
    await t.ctx.database.db.execute(sql`
      insert into events (id, seq, project_id, type, data, created_at) overriding system value
      values (${id}, ${seq}, ${projectId}, 'transaction.created', '{"late":true}'::jsonb, ${t.ctx.now().toISOString()}::timestamptz)`);
  };
  const seqOf = async (id: string) => {
    const result = (await t.ctx.database.db.execute(
      sql`select seq from events where id = ${id}`,
    )) as unknown as {
      rows: { seq: number | string }[];
    };
    return Number(result.rows[0]!.seq);
  };

  it('sends each event once, in order, including one that committed after a later one', async () => {
    let now = Date.now();
    const reader = eventFeedReader(t.ctx.database.db, {
      projectId,
      start: await positionAtEnd(t.ctx.database.db, projectId, t.ctx.now()),
      clock: () => now,
    });
    const a = await write(1);
    // Leave room below the next event for one that "commits late".
    await t.ctx.database.db.execute(
      sql`select setval(pg_get_serial_sequence('events', 'seq'), ${(await seqOf(a.id)) + 10})`,
    );
    const c = await write(3);
    expect((await reader.read()).events.map((e) => e.id)).toEqual([a.id, c.id]);
    expect((await reader.read()).events).toEqual([]);

    await writeLate('evt_latecomer1', (await seqOf(a.id)) + 5);
    expect((await reader.read()).events.map((e) => e.id)).toEqual(['evt_latecomer1']);
    expect((await reader.read()).events).toEqual([]);

    // Once settled, old events are forgotten and still not sent again.
    now += 60_000;
    expect((await reader.read()).events).toEqual([]);
    const d = await write(4);
    const read = await reader.read();
    expect(read.events.map((e) => e.id)).toEqual([d.id]);
    expect(JSON.parse(read.events[0]!.body)).toEqual({
      type: 'transaction.created',
      timestamp: d.createdAt.toISOString(),
      data: { n: 4 },
    });
  });
});
