import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';

/**
 * Tables range-partitioned by month on `created_at` (issue 27 §3), with the setting that keeps
 * them. Only log-like tables nothing references: a partitioned table's unique keys must hold
 * the partition key, so `webhook_deliveries` (one delivery per event and endpoint, referenced
 * by its attempts) and `events` cannot be partitioned without giving those guarantees up.
 */
export const PARTITIONED_TABLES = [
  { table: 'request_logs', setting: 'RETENTION_REQUEST_LOGS_DAYS' },
] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number]['table'];

/** Months made ahead of the current one, so inserts never land in the default partition. */
const MONTHS_AHEAD = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PartitionWork {
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
 * older than its retention (a `DROP TABLE` of the partition: never a DELETE of rows). Safe on
 * several app replicas at once: each table's work holds a transaction-scoped advisory lock
 * (so it also works through PgBouncer in transaction mode) and checks again under it.
 */
export async function maintainPartitions(
  db: Db,
  { asOf, retentionDays }: { asOf: Date; retentionDays: Record<PartitionedTable, number> },
): Promise<PartitionWork> {
  const work: PartitionWork = { created: [], moved: 0, dropped: [] };
  for (const { table } of PARTITIONED_TABLES) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('partitions'), hashtext(${table}))`);
      const children = await rowsOf<{ name: string }>(
        tx as unknown as Db,
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
          tx as unknown as Db,
          sql.raw(`with gone as (
              delete from "${table}_default" where created_at >= '${start.toISOString()}' and created_at < '${end.toISOString()}'
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
      const cutoff = asOf.getTime() - retentionDays[table] * DAY_MS;
      for (const name of [...existing].sort()) {
        const match = NAME.exec(name);
        if (!match || !name.startsWith(`${table}_p`)) continue;
        const to = monthStart(Number(match[1]), Number(match[2]));
        // `to` is the first instant of the next month: every row is older than it.
        if (to.getTime() > cutoff) continue;
        await tx.execute(sql.raw(`drop table "${name}"`));
        work.dropped.push({ name, to });
      }
    });
  }
  return work;
}
