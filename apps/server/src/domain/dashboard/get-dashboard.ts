import type { Dashboard, DashboardFigures, DashboardPoint } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import { projectBucketing } from './refresh-rollups';

/** The worker's interval; the rollups trail the raw rows by at most this much (plus one pass). */
export const ROLLUP_LAG_SECONDS = 15;
const MAX_DAYS = 400;
const TOP_TERMINALS = 5;

export interface DashboardInput {
  from?: string;
  to?: string;
  timeZone?: string;
  terminalId?: string;
  currency?: string;
  /** Count test payments (`source = 'cli'`) too; left out by default. */
  includeTest?: boolean;
}

interface Agg {
  label: string;
  transactions: number;
  succeeded: number;
  failed: number;
  volume: number;
  refunds: number;
  refunded_amount: number;
  declined_attempts: number;
  rescued: number;
  scans: number;
  scans_paid: number;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

function today(timeZone: string, now: Date) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function validZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

interface Distribution {
  declines: DashboardFigures['declines'];
  median: number | null;
}

function figures(rows: Agg[], dist: Distribution): DashboardFigures {
  const sum = (f: (r: Agg) => number) => rows.reduce((s, r) => s + f(r), 0);
  const succeeded = sum((r) => r.succeeded);
  const failed = sum((r) => r.failed);
  const volume = sum((r) => r.volume);
  const scans = sum((r) => r.scans);
  const scansPaid = sum((r) => r.scans_paid);
  return {
    volume,
    count: succeeded,
    transactions: sum((r) => r.transactions),
    failed,
    success_rate: ratio(succeeded, succeeded + failed),
    average_ticket: succeeded > 0 ? Math.round(volume / succeeded) : null,
    refunds: sum((r) => r.refunds),
    refunded_amount: sum((r) => r.refunded_amount),
    scans,
    scans_paid: scansPaid,
    conversion: ratio(scansPaid, scans),
    median_seconds_to_pay: dist.median,
    declined: sum((r) => r.declined_attempts),
    rescued: sum((r) => r.rescued),
    declines: dist.declines,
  };
}

/**
 * The project dashboard, read from the rollups only: per local day, the `day` grain
 * (project zone) is read; per hour, or in another zone, the `hour` grain grouped by local hour
 * or day in that zone. A zone whose sub-hour offset differs from the project's (asking for
 * Asia/Kolkata on a New York project) groups whole UTC-aligned hours, so its day edges are off
 * by that fraction of an hour; the project's own zone is always exact.
 */
export async function getDashboard(
  db: Db,
  {
    project,
    input,
    now,
  }: { project: { id: string; timeZone: string; currency: string }; input: DashboardInput; now: Date },
): Promise<Dashboard> {
  const tz = input.timeZone ?? project.timeZone;
  if (!validZone(tz))
    throw new AppError('validation_failed', 'Unknown time zone.', [
      { path: 'query.time_zone', message: 'An IANA time zone, e.g. Europe/Paris.' },
    ]);
  const to = input.to ?? today(tz, now);
  const from = input.from ?? addDays(to, -29);
  const days = daysBetween(from, to);
  if (days < 1)
    throw new AppError('validation_failed', '`from` must not be after `to`.', [
      { path: 'query.from', message: 'On or before `to`.' },
    ]);
  if (days > MAX_DAYS)
    throw new AppError('validation_failed', `At most ${MAX_DAYS} days.`, [
      { path: 'query.from', message: `At most ${MAX_DAYS} days.` },
    ]);
  const currency = input.currency ?? project.currency;
  const granularity = days <= 2 ? 'hour' : 'day';
  const bucketing = await projectBucketing(db, project.id);
  const grain = granularity === 'day' && tz === bucketing.timeZone ? 'day' : 'hour';
  const terminal = input.terminalId ?? '';
  const step = granularity === 'day' ? '1 day' : '1 hour';
  const labelFormat = granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD"T"HH24:00';
  // Test payments' rows (`test`) count only when asked for.
  const live = input.includeTest ? sql`true` : sql`not test`;

  const series = (f: string, t: string) =>
    sql`with r as (
            select date_trunc(${granularity}, bucket_start at time zone ${tz}) as local,
              transactions, succeeded, failed, volume, refunds, refunded_amount, declined_attempts, rescued,
              scans, scans_paid
            from dashboard_rollups
            where project_id = ${project.id} and grain = ${grain} and terminal_id = ${terminal}
              and currency in (${currency}, '') and ${live}
              and bucket_start >= (${f}::date::timestamp at time zone ${tz})
              and bucket_start < ((${t}::date + 1)::timestamp at time zone ${tz})
          ), g as (
            select local, sum(transactions)::float8 as transactions, sum(succeeded)::float8 as succeeded,
              sum(failed)::float8 as failed, sum(volume)::float8 as volume, sum(refunds)::float8 as refunds,
              sum(refunded_amount)::float8 as refunded_amount, sum(declined_attempts)::float8 as declined_attempts,
              sum(rescued)::float8 as rescued, sum(scans)::float8 as scans,
              sum(scans_paid)::float8 as scans_paid
            from r group by local
          )
          select to_char(s, ${labelFormat}) as label, coalesce(g.transactions, 0) as transactions,
            coalesce(g.succeeded, 0) as succeeded, coalesce(g.failed, 0) as failed, coalesce(g.volume, 0) as volume,
            coalesce(g.refunds, 0) as refunds, coalesce(g.refunded_amount, 0) as refunded_amount,
            coalesce(g.declined_attempts, 0) as declined_attempts, coalesce(g.rescued, 0) as rescued,
            coalesce(g.scans, 0) as scans, coalesce(g.scans_paid, 0) as scans_paid
          from generate_series(${f}::date::timestamp, (${t}::date + 1)::timestamp - ${step}::interval, ${step}::interval) s
          left join g on g.local = s
          order by s`;

  // Declines by reason and the median time to pay, merged in SQL from the buckets' maps.
  const distributions = (f: string, t: string) =>
    sql`with r as (
            select declines, scan_to_pay from dashboard_rollups
            where project_id = ${project.id} and grain = ${grain} and terminal_id = ${terminal}
              and currency in (${currency}, '') and ${live}
              and bucket_start >= (${f}::date::timestamp at time zone ${tz})
              and bucket_start < ((${t}::date + 1)::timestamp at time zone ${tz})
          ), h as (
            select e.key::int as secs, sum(e.value::bigint) as n from r, jsonb_each_text(r.scan_to_pay) e group by 1
          ), c as (
            select secs, sum(n) over (order by secs) as cum, sum(n) over () as total from h
          )
          select (select jsonb_object_agg(k, n) from (
                    select e.key as k, sum(e.value::bigint) as n from r, jsonb_each_text(r.declines) e group by 1
                  ) d) as declines,
                 (select min(secs) from c where cum * 2 >= total)::float8 as median`;
  const toDistribution = (
    row: { declines: Record<string, number> | null; median: number | null } | null,
  ) => ({
    declines: Object.entries(row?.declines ?? {})
      .map(([code, count]) => ({ code, count: Number(count) }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    median: row?.median ?? null,
  });

  const prevTo = addDays(from, -1);
  const prevFrom = addDays(prevTo, -(days - 1));
  // One statement (PGlite runs statements one at a time, each with its own fixed cost).
  const topTerminals = terminal
    ? sql`select null::text as terminal_id, null::text as label, 0::float8 as volume, 0::float8 as count, 0::float8 as failed where false`
    : sql`select r.terminal_id, t.label, r.volume, r.count, r.failed from (
                select terminal_id, sum(volume)::float8 as volume, sum(succeeded)::float8 as count, sum(failed)::float8 as failed
                from dashboard_rollups
                where project_id = ${project.id} and grain = ${grain} and terminal_id <> '' and currency = ${currency}
                  and ${live}
                  and bucket_start >= (${from}::date::timestamp at time zone ${tz})
                  and bucket_start < ((${to}::date + 1)::timestamp at time zone ${tz})
                group by terminal_id order by 2 desc, 1 limit ${TOP_TERMINALS}
              ) r left join terminals t on t.id = r.terminal_id and t.project_id = ${project.id}
              order by r.volume desc, r.terminal_id`;
  // Takings and tips per cashier, from their rollups (payments bucketed by
  // creation as above); the newest name a cashier sold under. Test payments count here whatever
  // `include_test` says, as they always have.
  const cashierTakings = sql`select nullif(cashier_id, '') as cashier_id,
      (array_agg(last_name order by last_at desc))[1] as name,
      sum(payments_count)::float8 as payments_count, sum(gross)::float8 as gross, sum(tips)::float8 as tips
    from cashier_rollups
    where project_id = ${project.id} and grain = ${grain} and terminal_id = ${terminal} and currency = ${currency}
      and bucket_start >= (${from}::date::timestamp at time zone ${tz})
      and bucket_start < ((${to}::date + 1)::timestamp at time zone ${tz})
    group by cashier_id`;
  // Cash against card, from the tender rollups (the facts a close's by_tender reads).
  const tenderTakings = sql`select method, sum(count)::float8 as count, sum(amount)::float8 as amount
    from tender_rollups
    where project_id = ${project.id} and grain = ${grain} and terminal_id = ${terminal} and currency = ${currency}
      and ${live}
      and bucket_start >= (${from}::date::timestamp at time zone ${tz})
      and bucket_start < ((${to}::date + 1)::timestamp at time zone ${tz})
    group by method`;
  const [answer] = await rowsOf<{
    current: Agg[];
    previous: Agg[];
    current_dist: { declines: Record<string, number> | null; median: number | null } | null;
    previous_dist: { declines: Record<string, number> | null; median: number | null } | null;
    top:
      | { terminal_id: string; label: string | null; volume: number; count: number; failed: number }[]
      | null;
    terminals: { online: number; total: number } | null;
    currencies: { currency: string; volume: number; count: number }[] | null;
    cashiers: Dashboard['by_cashier'] | null;
    tenders: Dashboard['by_tender'] | null;
  }>(
    db,
    sql`with cur as (${series(from, to)}), prev as (${series(prevFrom, prevTo)}),
          cur_dist as (${distributions(from, to)}), prev_dist as (${distributions(prevFrom, prevTo)}),
          top as (${topTerminals}),
          cur_list as (select currency, sum(volume)::float8 as volume, sum(succeeded)::float8 as count
            from dashboard_rollups
            where project_id = ${project.id} and grain = ${grain} and terminal_id = ${terminal} and currency <> ''
              and ${live}
              and bucket_start >= (${from}::date::timestamp at time zone ${tz})
              and bucket_start < ((${to}::date + 1)::timestamp at time zone ${tz})
            group by currency),
          cashiers as (${cashierTakings}),
          tenders as (${tenderTakings}),
          term as (${sql`select count(*) filter (where status = 'online')::int as online,
            count(*) filter (where status <> 'disabled')::int as total
          from terminals where project_id = ${project.id}`})
        select (select json_agg(cur order by cur.label) from cur) as current,
          (select json_agg(prev order by prev.label) from prev) as previous,
          (select row_to_json(cur_dist) from cur_dist) as current_dist,
          (select row_to_json(prev_dist) from prev_dist) as previous_dist,
          (select json_agg(top order by top.volume desc, top.terminal_id) from top) as top, (select row_to_json(term) from term) as terminals,
          (select json_agg(cur_list order by cur_list.volume desc, cur_list.currency) from cur_list) as currencies,
          (select json_agg(cashiers order by cashiers.gross desc, cashiers.cashier_id nulls last) from cashiers) as cashiers,
          (select json_agg(tenders order by tenders.method) from tenders) as tenders`,
  );
  const current = answer?.current ?? [];
  const previous = answer?.previous ?? [];
  const currentDist = toDistribution(answer?.current_dist ?? null);
  const previousDist = toDistribution(answer?.previous_dist ?? null);
  const top = answer?.top ?? [];
  const terminals = [answer?.terminals ?? { online: 0, total: 0 }];
  const points: DashboardPoint[] = current.map((r) => ({
    start: r.label,
    volume: r.volume,
    count: r.succeeded,
    failed: r.failed,
    success_rate: ratio(r.succeeded, r.succeeded + r.failed),
    scans: r.scans,
    scans_paid: r.scans_paid,
    refunded_amount: r.refunded_amount,
  }));
  return {
    project_id: project.id,
    currency,
    // The asked currency is always listed, also with nothing in it yet.
    currencies: [
      ...(answer?.currencies ?? []),
      ...((answer?.currencies ?? []).some((c) => c.currency === currency)
        ? []
        : [{ currency, volume: 0, count: 0 }]),
    ],
    time_zone: tz,
    from,
    to,
    granularity,
    lag_seconds: ROLLUP_LAG_SECONDS,
    totals: figures(current, currentDist),
    series: points,
    previous: { from: prevFrom, to: prevTo, totals: figures(previous, previousDist) },
    top_terminals: top.map((t) => ({
      terminal_id: t.terminal_id,
      label: t.label ?? t.terminal_id,
      volume: t.volume,
      count: t.count,
      success_rate: ratio(t.count, t.count + t.failed),
    })),
    terminals: terminals[0] ?? { online: 0, total: 0 },
    tips: (answer?.cashiers ?? []).reduce((sum, c) => sum + c.tips, 0),
    by_cashier: answer?.cashiers ?? [],
    by_tender: answer?.tenders ?? [],
  };
}
