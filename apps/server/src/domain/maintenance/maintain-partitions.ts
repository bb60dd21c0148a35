import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';

/**
 * Tables range-partitioned by month, each on its partition key, with the setting
 * that keeps it. Every append-only table that grows with traffic:
 * - `request_logs` on `created_at`;
 * - `webhook_deliveries` and `webhook_attempts` on `event_created_at`, the time of the event
 *   they carry (db/schema/webhooks.ts says why): a month's deliveries and their attempts are
 *   dropped in one transaction, so no attempt outlives its delivery;
 * - `events` on `created_at`, after the deliveries: RETENTION_DELIVERIES_DAYS may not exceed
 *   RETENTION_EVENTS_DAYS (checked at boot) and both are keyed on the event's time, so a
 *   delivery that exists — retried or resent — always finds its event.
 * Not partitioned: `event_fanout` (a queue emptied as it fills), `mail_outbox` (written only
 * without SMTP, a few mails a day), `idempotency_keys` (expire in 24 h, updated in place), and
 * money and its history (transactions, transaction_status_changes, refunds, payment_attempts,
 * closes, payouts, balance entries, audit_log), which are kept.
 */
export const PARTITIONED_TABLES = [
  { table: 'request_logs', column: 'created_at', setting: 'RETENTION_REQUEST_LOGS_DAYS' },
  // Deliveries before attempts: the order the dispatcher writes them in (no lock cycle).
  { table: 'webhook_deliveries', column: 'event_created_at', setting: 'RETENTION_DELIVERIES_DAYS' },
  { table: 'webhook_attempts', column: 'event_created_at', setting: 'RETENTION_DELIVERIES_DAYS' },
  { table: 'events', column: 'created_at', setting: 'RETENTION_EVENTS_DAYS' },
] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number]['table'];
export type RetentionSetting = (typeof PARTITIONED_TABLES)[number]['setting'];

/** Months made ahead of the current one, so inserts never land in the default partition. */
const MONTHS_AHEAD = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PartitionWork {
  table: PartitionedTable;
  created: string[];
  /** Rows moved out of the default partition into a month made for them. */
  moved: number;
  dropped: { name: string; to: Date }[];
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (table: string, start: Date) =>
  `${table}_p${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
const NAME = /_p(\d{4})_(\d{2})$/;

/**
 * Makes this month's partition and the next three, and drops every month whose whole range is
 * older than its retention (a `DROP TABLE` of the partition: never a DELETE of rows). Tables
 * kept by the same setting are done in one transaction (a month of deliveries goes with its
 * attempts). Safe on several app replicas at once: each transaction holds a transaction-scoped
 * advisory lock (so it also works through PgBouncer in transaction mode) and checks again under
 * it. Returns what it did per table, in PARTITIONED_TABLES order.
 */
export async function maintainPartitions(
  db: Db,
  { asOf, retentionDays }: { asOf: Date; retentionDays: Record<RetentionSetting, number> },
): Promise<PartitionWork[]> {
  const work: PartitionWork[] = [];
  const settings = [...new Set(PARTITIONED_TABLES.map((t) => t.setting))];
  for (const setting of settings) {
    const tables = PARTITIONED_TABLES.filter((t) => t.setting === setting);
    const cutoff = asOf.getTime() - retentionDays[setting] * DAY_MS;
    const done = await db.transaction(async (tx) => {
      // Keyed on the group's first table: request_logs' key is the one it always had, so replicas
      // of the previous release, still running during a rolling deploy, take the same lock.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('partitions'), hashtext(${tables[0]!.table}))`,
      );
      const out: PartitionWork[] = [];
      for (const { table, column } of tables) {
        out.push(await maintainTable(tx as unknown as Db, { table, column, asOf, cutoff }));
      }
      return out;
    });
    work.push(...done);
  }
  const order = PARTITIONED_TABLES.map((t) => t.table) as PartitionedTable[];
  return work.sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table));
}

async function maintainTable(
  tx: Db,
  { table, column, asOf, cutoff }: { table: PartitionedTable; column: string; asOf: Date; cutoff: number },
): Promise<PartitionWork> {
  const work: PartitionWork = { table, created: [], moved: 0, dropped: [] };
  const children = await rowsOf<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = ${table} and p.relnamespace = 'public'::regnamespace`,
  );
  const existing = new Set(children.map((c) => c.name));
  const base = monthStart(asOf.getUTCFullYear(), asOf.getUTCMonth());
  for (let k = 0; k <= MONTHS_AHEAD; k++) {
    const start = monthStart(base.getUTCFullYear(), base.getUTCMonth() + k);
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    const name = partitionName(table, start);
    if (existing.has(name)) continue;
    // Rows of that month already in the default partition would make a plain
    // `PARTITION OF` fail: make the table, move them in, then attach it.
    await tx.execute(sql.raw(`create table "${name}" (like "${table}" including defaults)`));
    const moved = await rowsOf<{ n: number }>(
      tx,
      sql.raw(`with gone as (
          delete from "${table}_default" where ${column} >= '${start.toISOString()}' and ${column} < '${end.toISOString()}'
          returning *)
        , kept as (insert into "${name}" select * from gone returning 1)
        select count(*)::int as n from kept`),
    );
    work.moved += moved[0]?.n ?? 0;
    await tx.execute(
      sql.raw(
        `alter table "${table}" attach partition "${name}" for values from ('${start.toISOString()}') to ('${end.toISOString()}')`,
      ),
    );
    work.created.push(name);
  }
  for (const name of [...existing].sort()) {
    const match = NAME.exec(name);
    if (!match || !name.startsWith(`${table}_p`)) continue;
    const to = monthStart(Number(match[1]), Number(match[2]));
    // `to` is the first instant of the next month: every row is older than it.
    if (to.getTime() > cutoff) continue;
    await tx.execute(sql.raw(`drop table "${name}"`));
    work.dropped.push({ name, to });
  }
  return work;
}
