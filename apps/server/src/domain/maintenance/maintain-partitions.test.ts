import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, operatorCommands } from '../../cli/operator-commands';
import { requestLogs } from '../../db/schema';
import { newId } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';
import { createTestApp, type TestApp } from '../../test/harness';

/** Issue 27 §3: request logs by month, made ahead and dropped whole past retention. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const month = (k: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
const label = (d: Date) =>
  `request_logs_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const partitions = async () =>
  (
    await rowsOf<{ name: string }>(
      t.ctx.database.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent where p.relname = 'request_logs' order by 1`,
    )
  ).map((r) => r.name);
const logAt = async (createdAt: Date) => {
  const id = newId('req');
  await t.ctx.database.db.insert(requestLogs).values({
    id,
    projectId: 'prj_partitions',
    method: 'GET',
    path: '/api/v1/health',
    status: 200,
    durationMs: 1,
    requestId: id,
    createdAt,
  });
  return id;
};
const where = async (id: string) => {
  const [row] = await rowsOf<{ part: string }>(
    t.ctx.database.db,
    sql`select tableoid::regclass::text as part from request_logs where id = ${id}`,
  );
  return row?.part;
};

describe('maintenance run', () => {
  it('the migration made this month and the next three, and a default partition', async () => {
    const names = await partitions();
    for (let k = 0; k <= 3; k++) expect(names).toContain(label(month(k)));
    expect(names).toContain('request_logs_default');
  });

  it('makes partitions ahead, moves early rows out of the default one, drops whole months past retention', async () => {
    const thisMonth = await logAt(new Date(month(0).getTime() + 4 * DAY));
    const nextMonth = await logAt(new Date(month(1).getTime() + 4 * DAY));
    const later = await logAt(new Date(month(2).getTime() + 20 * DAY));
    const early = await logAt(new Date(month(6).getTime() + 4 * DAY));
    expect(await where(early)).toBe('request_logs_default');

    // As of the 11th, three months on: the months up to six ahead are made; with 30 days of
    // retention, this month and the next ended before the cut-off; the one after did not.
    const asOf = new Date(month(3).getTime() + 10 * DAY).toISOString().slice(0, 10);
    const result = await operatorCommands['maintenance run']!(t.ctx, ['--as-of', asOf]);
    expect(result.lines[0]).toBe(`maintenance as of ${asOf}T00:00:00.000Z`);
    expect(result.lines).toEqual(
      expect.arrayContaining([
        `created partition ${label(month(4))}`,
        `created partition ${label(month(6))}`,
        'moved 1 row(s) out of a default partition',
        expect.stringMatching(new RegExp(`^dropped partition ${label(month(0))} `)),
        expect.stringMatching(new RegExp(`^dropped partition ${label(month(1))} `)),
      ]),
    );
    expect(await where(thisMonth)).toBeUndefined();
    expect(await where(nextMonth)).toBeUndefined();
    expect(await where(later)).toBe(label(month(2)));
    expect(await where(early)).toBe(label(month(6)));
    const names = await partitions();
    expect(names).not.toContain(label(month(0)));
    expect(names).toContain(label(month(2)));

    // Run again: nothing left to do; new rows of a made month go straight to it.
    const again = await operatorCommands['maintenance run']!(t.ctx, ['--as-of', asOf]);
    expect(again.lines.slice(1)).toEqual(['nothing to do']);
    expect(await where(await logAt(new Date(month(5).getTime() + DAY)))).toBe(label(month(5)));
  });

  it('refuses a malformed --as-of', async () => {
    for (const bad of [['--as-of'], ['--as-of', '2026-13-45'], ['--as-of', 'yesterday']]) {
      const error = await operatorCommands['maintenance run']!(t.ctx, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandError);
      expect((error as CommandError).exitCode).toBe(2);
    }
  });
});
