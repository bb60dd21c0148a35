import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, operatorCommands } from '../../cli/operator-commands';
import { requestLogs } from '../../db/schema';
import { type Database, migrationsFolder, openDatabase } from '../../platform/db';
import { newId } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/** Log-like tables by month, made ahead and dropped whole past retention. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const month = (k: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
const labelOf = (table: string, d: Date) =>
  `${table}_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const label = (d: Date) => labelOf('request_logs', d);
const partitionsOf = async (app: TestApp, table: string) =>
  (
    await rowsOf<{ name: string }>(
      app.ctx.database.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent where p.relname = ${table} order by 1`,
    )
  ).map((r) => r.name);
const partitions = () => partitionsOf(t, 'request_logs');
const LOG_TABLES = ['request_logs', 'events', 'webhook_deliveries', 'webhook_attempts'];
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
  it('the migrations made this month and the next three, and a default partition, of each log table', async () => {
    for (const table of LOG_TABLES) {
      const names = await partitionsOf(t, table);
      for (let k = 0; k <= 3; k++) expect(names).toContain(labelOf(table, month(k)));
      expect(names).toContain(`${table}_default`);
    }
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
        'moved 1 row(s) out of request_logs_default into their month',
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

  it('prints each table it worked on, with the setting that dropped a month', async () => {
    const asOf = new Date(month(7).getTime() + 10 * DAY).toISOString().slice(0, 10);
    const { lines } = await operatorCommands['maintenance run']!(t.ctx, ['--as-of', asOf]);
    for (const table of LOG_TABLES) expect(lines).toContain(`created partition ${labelOf(table, month(10))}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^dropped partition request_logs_p\d+_\d+ .*past RETENTION_REQUEST_LOGS_DAYS=30\)$/,
        ),
        expect.stringMatching(/^dropped partition events_p\d+_\d+ .*past RETENTION_EVENTS_DAYS=30\)$/),
        expect.stringMatching(
          /^dropped partition webhook_deliveries_p.*past RETENTION_DELIVERIES_DAYS=30\)$/,
        ),
        expect.stringMatching(/^dropped partition webhook_attempts_p.*past RETENTION_DELIVERIES_DAYS=30\)$/),
      ]),
    );
  });

  it('refuses a malformed --as-of', async () => {
    for (const bad of [['--as-of'], ['--as-of', '2026-13-45'], ['--as-of', 'yesterday']]) {
      const error = await operatorCommands['maintenance run']!(t.ctx, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandError);
      expect((error as CommandError).exitCode).toBe(2);
    }
  });
});

/**
 * Events, deliveries and attempts, each on its own setting: deliveries (and their attempts, in
 * their event's month) kept 30 days, events 90.
 */
describe('events, webhook deliveries and attempts', () => {
  let w: TestApp;
  let projectId: string;
  let endpointId: string;
  beforeAll(async () => {
    w = await createTestApp({ env: { RETENTION_EVENTS_DAYS: '90', RETENTION_DELIVERIES_DAYS: '30' } });
    projectId = (await makeTeam(w)).project.id;
    endpointId = newId('whk');
    await w.ctx.database.db.execute(
      sql`insert into webhook_endpoints (id, project_id, url, secret_enc, created_by)
          values (${endpointId}, ${projectId}, 'https://example.com/hook', 'sealed', 'test')`,
    );
  });
  afterAll(() => w.close());

  /** An event, its delivery (fanned out a day later) and an attempt (two days later). */
  const sentAt = async (createdAt: Date) => {
    const db = w.ctx.database.db;
    const event = newId('evt');
    const delivery = newId('dlv');
    const at = createdAt.toISOString();
    await db.execute(sql`insert into events (id, project_id, type, data, created_at)
      values (${event}, ${projectId}, 'transaction.succeeded', '{}'::jsonb, ${at})`);
    await db.execute(sql`insert into webhook_deliveries (id, project_id, endpoint_id, event_id, event_created_at,
        event_type, status, created_at, updated_at)
      values (${delivery}, ${projectId}, ${endpointId}, ${event}, ${at}, 'transaction.succeeded', 'succeeded',
        ${at}::timestamptz + interval '1 day', ${at}::timestamptz + interval '1 day')`);
    await db.execute(sql`insert into webhook_attempts (project_id, endpoint_id, delivery_id, event_created_at,
        started_at, duration_ms, succeeded, request_url, request_headers, request_body)
      values (${projectId}, ${endpointId}, ${delivery}, ${at}, ${at}::timestamptz + interval '2 days', 5, true,
        'https://example.com/hook', '{}'::jsonb, '{}')`);
    return { event, delivery };
  };
  const partOf = async (table: string, column: string, id: string) => {
    const [row] = await rowsOf<{ part: string }>(
      w.ctx.database.db,
      sql`select tableoid::regclass::text as part from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
    );
    return row?.part;
  };
  const placeOf = async (sent: { event: string; delivery: string }) => ({
    event: await partOf('events', 'id', sent.event),
    delivery: await partOf('webhook_deliveries', 'id', sent.delivery),
    attempt: await partOf('webhook_attempts', 'delivery_id', sent.delivery),
  });
  const inMonth = (k: number) => ({
    event: labelOf('events', month(k)),
    delivery: labelOf('webhook_deliveries', month(k)),
    attempt: labelOf('webhook_attempts', month(k)),
  });

  it("a delivery and its attempts sit in their event's month; each table drops whole months past its own setting", async () => {
    // The last hour of a month: its delivery and attempt, a day and two later, stay in that month.
    const lastHour = await sentAt(new Date(month(1).getTime() - 3600_000));
    expect(await placeOf(lastHour)).toEqual(inMonth(0));
    const next = await sentAt(new Date(month(1).getTime() + 4 * DAY));
    const later = await sentAt(new Date(month(2).getTime() + 20 * DAY));

    // Three months on: deliveries and attempts of months 0 and 1 are past 30 days, and go in
    // one transaction; their events are not past 90 days yet.
    const run = async (asOf: Date) =>
      (await operatorCommands['maintenance run']!(w.ctx, ['--as-of', asOf.toISOString().slice(0, 10)])).lines;
    const first = await run(new Date(month(3).getTime() + 10 * DAY));
    for (const k of [0, 1])
      for (const table of ['webhook_deliveries', 'webhook_attempts'])
        expect(first).toContainEqual(
          expect.stringMatching(
            new RegExp(`^dropped partition ${labelOf(table, month(k))} .*RETENTION_DELIVERIES_DAYS=30`),
          ),
        );
    expect(first.filter((l) => l.startsWith('dropped partition events_'))).toEqual([]);
    expect(await placeOf(lastHour)).toEqual({ ...inMonth(0), delivery: undefined, attempt: undefined });
    expect(await placeOf(next)).toEqual({ ...inMonth(1), delivery: undefined, attempt: undefined });
    expect(await placeOf(later)).toEqual(inMonth(2));

    // A month on: month 0's events are past 90 days, month 1's not; month 2's deliveries go.
    const second = await run(new Date(month(4).getTime() + 10 * DAY));
    expect(second).toContainEqual(
      expect.stringMatching(
        new RegExp(`^dropped partition ${labelOf('events', month(0))} .*RETENTION_EVENTS_DAYS=90`),
      ),
    );
    expect(second.some((l) => l.startsWith(`dropped partition ${labelOf('events', month(1))}`))).toBe(false);
    expect((await placeOf(lastHour)).event).toBeUndefined();
    expect((await placeOf(next)).event).toBe(labelOf('events', month(1)));
    expect(await placeOf(later)).toEqual({ ...inMonth(2), delivery: undefined, attempt: undefined });
    for (const table of ['events', 'webhook_deliveries', 'webhook_attempts']) {
      const names = await partitionsOf(w, table);
      expect(names).not.toContain(labelOf(table, month(0)));
      expect(names).toContain(labelOf(table, month(3)));
      expect(names).toContain(labelOf(table, month(7)));
    }
    expect(await partitionsOf(w, 'events')).toContain(labelOf('events', month(1)));
  });

  it('one delivery per event and endpoint still holds', async () => {
    const sent = await sentAt(new Date(month(5).getTime() + 2 * DAY));
    expect(await placeOf(sent)).toEqual(inMonth(5));
    const error: (Error & { cause?: Error }) | undefined = await w.ctx.database.db
      .execute(sql`insert into webhook_deliveries (id, project_id, endpoint_id, event_id, event_created_at,
          event_type) select ${newId('dlv')}, project_id, endpoint_id, event_id, event_created_at, event_type
          from webhook_deliveries where id = ${sent.delivery}`)
      .then(
        () => undefined,
        (e: Error & { cause?: Error }) => e,
      );
    // The violated index is the partition's copy of webhook_deliveries_event_endpoint_key.
    expect(String(error?.cause?.message ?? error)).toMatch(
      /duplicate key value violates unique constraint "webhook_deliveries_p\d+_\d+_project_id_event_id_endpoint_id/,
    );
  });
});

/**
 * The conversion keeps what was there: a database at the migration before partitions, with
 * rows of two months, migrated to the end (PGlite, or PostgreSQL with DATABASE_URL).
 */
describe('the partitioning migrations', () => {
  /** A new database migrated up to (not including) the migration whose tag ends with `suffix`. */
  async function databaseBefore(suffix: string) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-migrations-'));
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((e) => e.tag.endsWith(suffix));
    expect(at).toBeGreaterThan(0);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );
    for (const entry of journal.entries.slice(0, at))
      fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    const { database, drop } = await openEmptyDatabase();
    await migrateFrom(database, folder).catch(async (error: unknown) => {
      await drop();
      throw error;
    });
    return {
      database,
      async drop() {
        await drop();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const old = new Date(month(-2).getTime() + 3 * DAY);

  it('converts request_logs in place: every row kept, each in its month', async () => {
    const { database, drop } = await databaseBefore('_request_logs_partitions');
    try {
      for (const createdAt of [old, old, now]) {
        const id = newId('req');
        await database.db.execute(
          sql`insert into request_logs (id, method, path, status, duration_ms, request_id, created_at)
              values (${id}, 'GET', '/x', 200, 1, ${id}, ${createdAt.toISOString()})`,
        );
      }
      await database.migrate();
      const rows = await rowsOf<{ part: string; n: number }>(
        database.db,
        sql`select tableoid::regclass::text as part, count(*)::int as n from request_logs group by 1 order by 1`,
      );
      expect(rows).toEqual(
        [
          { part: label(month(-2)), n: 2 },
          { part: label(month(0)), n: 1 },
        ].sort((a, b) => a.part.localeCompare(b.part)),
      );
    } finally {
      await drop();
    }
  }, 120_000);

  it("converts events, deliveries and attempts in place: rows, ids and order kept, each in its event's month", async () => {
    const { database, drop } = await databaseBefore('_partition_events_and_deliveries');
    const db = database.db;
    try {
      await db.execute(sql`insert into businesses (id, owner_uid, name, country, default_currency)
        values ('biz_m', 'uid_m', 'B', 'US', 'USD')`);
      await db.execute(sql`insert into projects (id, business_id, name, time_zone, currency, created_by)
        values ('prj_m', 'biz_m', 'P', 'UTC', 'USD', 'uid_m')`);
      await db.execute(sql`insert into webhook_endpoints (id, project_id, url, secret_enc, created_by)
        values ('whk_m', 'prj_m', 'https://example.com/hook', 'sealed', 'uid_m')`);
      // An old event sent late (its delivery made the next day, which is in the same month),
      // one of now, and one of now still waiting for its fan-out.
      for (const [n, createdAt] of [
        [1, old],
        [2, now],
        [3, now],
      ] as const) {
        const at = createdAt.toISOString();
        await db.execute(sql`insert into events (id, project_id, type, data, created_at)
          values (${`evt_m${n}`}, 'prj_m', 'transaction.succeeded', '{}'::jsonb, ${at})`);
        if (n === 3) {
          await db.execute(sql`insert into event_fanout (event_id, project_id) values ('evt_m3', 'prj_m')`);
          continue;
        }
        await db.execute(sql`insert into webhook_deliveries (id, project_id, endpoint_id, event_id, event_type,
            created_at) values (${`dlv_m${n}`}, 'prj_m', 'whk_m', ${`evt_m${n}`}, 'transaction.succeeded',
            ${at}::timestamptz + interval '1 day')`);
        for (let k = 0; k < 2; k++)
          await db.execute(sql`insert into webhook_attempts (project_id, endpoint_id, delivery_id, started_at,
              duration_ms, succeeded, request_url, request_headers, request_body)
            values ('prj_m', 'whk_m', ${`dlv_m${n}`}, ${at}::timestamptz + interval '1 day', 5, ${k === 1},
              'https://example.com/hook', '{}'::jsonb, '{}')`);
      }
      const before = await rowsOf<{ id: string; seq: string }>(
        db,
        sql`select id, seq::text from events order by id`,
      );
      const attemptsBefore = await rowsOf<{ id: string }>(
        db,
        sql`select id::text from webhook_attempts order by id`,
      );
      await database.migrate();

      const placed = (table: string, key: string) =>
        rowsOf<{ key: string; part: string }>(
          db,
          sql`select ${sql.identifier(key)}::text as key, tableoid::regclass::text as part
              from ${sql.identifier(table)} order by 1`,
        );
      expect(await placed('events', 'id')).toEqual([
        { key: 'evt_m1', part: labelOf('events', month(-2)) },
        { key: 'evt_m2', part: labelOf('events', month(0)) },
        { key: 'evt_m3', part: labelOf('events', month(0)) },
      ]);
      expect(await placed('webhook_deliveries', 'id')).toEqual([
        { key: 'dlv_m1', part: labelOf('webhook_deliveries', month(-2)) },
        { key: 'dlv_m2', part: labelOf('webhook_deliveries', month(0)) },
      ]);
      expect(await placed('webhook_attempts', 'id')).toEqual(
        attemptsBefore.map((a, i) => ({
          key: a.id,
          part: labelOf('webhook_attempts', month(i < 2 ? -2 : 0)),
        })),
      );
      // The partition keys are the events' times, to the microsecond; seq and ids unchanged.
      const matched = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from webhook_attempts a
            join webhook_deliveries d on d.id = a.delivery_id and d.event_created_at = a.event_created_at
            join events e on e.id = d.event_id and e.created_at = d.event_created_at`,
      );
      expect(matched[0]?.n).toBe(4);
      expect(await rowsOf(db, sql`select id, seq::text from events order by id`)).toEqual(before);
      const [fanout] = await rowsOf<{ ok: boolean }>(
        db,
        sql`select f.event_created_at = e.created_at as ok from event_fanout f join events e on e.id = f.event_id`,
      );
      expect(fanout?.ok).toBe(true);
      // The identities go on from where they were.
      const [next] = await rowsOf<{ seq: string }>(
        db,
        sql`insert into events (id, project_id, type, data) values ('evt_m4', 'prj_m', 'x', '{}'::jsonb) returning seq::text`,
      );
      expect(Number(next?.seq)).toBeGreaterThan(Math.max(...before.map((b) => Number(b.seq))));
      const [attempt] = await rowsOf<{ id: string }>(
        db,
        sql`insert into webhook_attempts (project_id, endpoint_id, delivery_id, event_created_at, started_at,
            duration_ms, succeeded, request_url, request_headers, request_body)
          select project_id, endpoint_id, id, event_created_at, now(), 1, true, 'u', '{}'::jsonb, '{}'
          from webhook_deliveries where id = 'dlv_m2' returning id::text`,
      );
      expect(Number(attempt?.id)).toBeGreaterThan(Math.max(...attemptsBefore.map((a) => Number(a.id))));
      // An endpoint's deletion still takes its deliveries and attempts with it.
      await db.execute(sql`delete from webhook_endpoints where id = 'whk_m'`);
      const [left] = await rowsOf<{ n: number }>(
        db,
        sql`select (select count(*) from webhook_deliveries) + (select count(*) from webhook_attempts) as n`,
      );
      expect(Number(left?.n)).toBe(0);
    } finally {
      await drop();
    }
  }, 120_000);
});

/** A database with no migrations applied: PGlite in memory, or a new one on DATABASE_URL. */
async function openEmptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `scanline_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = process.env.DATABASE_DIRECT_URL ?? serverUrl;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

async function migrateFrom(database: Database, migrationsFolderOf: string) {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsFolderOf });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsFolderOf });
  }
}
