import { ITEM_REPORT_MAX_DAYS, type ItemReport, type ItemReportFigures } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import { ROLLUP_LAG_SECONDS } from '../dashboard/get-dashboard';
import { projectBucketing } from '../dashboard/refresh-rollups';

export interface ItemReportInput {
  from?: string;
  to?: string;
  terminalId?: string;
  cashierId?: string;
  currency?: string;
  group?: 'item' | 'category';
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

function today(timeZone: string, now: Date) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Quantities are kept to three decimals (line quantities); float sums are rounded back to them. */
const qty = (n: number) => Math.round(n * 1000) / 1000;

interface Row {
  item_id: string;
  variant_id: string;
  category: string;
  name: string | null;
  variant_name: string | null;
  quantity: number;
  refunded_quantity: number;
  gross: number;
  refunds: number;
  tax: number;
  refunded_tax: number;
}

const figuresOf = (
  r: Omit<Row, 'item_id' | 'variant_id' | 'category' | 'name' | 'variant_name'>,
): ItemReportFigures => ({
  quantity: qty(r.quantity),
  refunded_quantity: qty(r.refunded_quantity),
  gross: r.gross,
  refunds: r.refunds,
  net: r.gross - r.refunds,
  tax: r.tax - r.refunded_tax,
});

/**
 * What was sold over local days of the project's zone, per item and variant or per category,
 * read from `item_rollups` only (docs/guide/item-reports.md): the filter picks the rollup level
 * (terminal, cashier, both, neither), so a 30-day report reads about days × items rows.
 */
export async function getItemReport(
  db: Db,
  {
    project,
    input,
    now,
  }: { project: { id: string; timeZone: string; currency: string }; input: ItemReportInput; now: Date },
): Promise<ItemReport> {
  // Days are the rollups' days: the zone the project's rollups are bucketed in.
  const bucketing = await projectBucketing(db, project.id);
  const tz = bucketing.timeZone;
  const to = input.to ?? today(tz, now);
  const from = input.from ?? addDays(to, -29);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1)
    throw new AppError('invalid_date_range', '`from` must not be after `to`.', [
      { path: 'query.from', message: 'On or before `to`.' },
    ]);
  if (days > ITEM_REPORT_MAX_DAYS)
    throw new AppError('invalid_date_range', `At most ${ITEM_REPORT_MAX_DAYS} days.`, [
      { path: 'query.from', message: `At most ${ITEM_REPORT_MAX_DAYS} days before \`to\`.` },
    ]);
  const group = input.group ?? 'item';
  const currency = input.currency ?? project.currency;
  // grouping(terminal_id, cashier_id) of the rows that answer this filter (db/schema/rollups.ts).
  const level = (input.terminalId ? 0 : 2) + (input.cashierId ? 0 : 1);
  const where = sql`project_id = ${project.id} and level = ${level}
    and terminal_id = ${input.terminalId ?? ''} and cashier_id = ${input.cashierId ?? ''}
    and currency = ${currency}
    and bucket_start >= (${from}::date::timestamp at time zone ${tz})
    and bucket_start < ((${to}::date + 1)::timestamp at time zone ${tz})`;
  const sums = sql`sum(quantity)::float8 as quantity, sum(refunded_quantity)::float8 as refunded_quantity,
    sum(gross)::float8 as gross, sum(refunds)::float8 as refunds, sum(tax)::float8 as tax,
    sum(refunded_tax)::float8 as refunded_tax`;
  const rows =
    group === 'item'
      ? await rowsOf<Row>(
          db,
          // The newest name sold under; an item only refunded in the range has none: its catalogue name.
          sql`select r.item_id, r.variant_id, r.category, coalesce(r.name, i.name) as name,
                (select v->>'name' from jsonb_array_elements(i.variants) v where v->>'id' = r.variant_id) as variant_name,
                r.quantity,
                r.refunded_quantity, r.gross, r.refunds, r.tax, r.refunded_tax
              from (
                select item_id, variant_id, ${sums},
                  (array_agg(category order by last_at desc nulls last))[1] as category,
                  (array_agg(last_name order by last_at desc nulls last))[1] as name
                from item_rollups where ${where}
                group by item_id, variant_id
              ) r left join items i on i.id = r.item_id and i.project_id = ${project.id}`,
        )
      : await rowsOf<Row>(
          db,
          sql`select '' as item_id, '' as variant_id, category, null as name, null as variant_name, ${sums}
              from item_rollups where ${where} group by category`,
        );
  const out = rows
    .map((r) => ({
      item_id: r.item_id || null,
      variant_id: r.variant_id || null,
      name: r.item_id ? r.name : null,
      variant_name: r.variant_id ? r.variant_name : null,
      category: r.category || null,
      ...figuresOf(r),
    }))
    .sort(
      (a, b) =>
        b.net - a.net ||
        (a.name ?? a.category ?? '').localeCompare(b.name ?? b.category ?? '') ||
        (a.item_id ?? '').localeCompare(b.item_id ?? '') ||
        (a.variant_id ?? '').localeCompare(b.variant_id ?? ''),
    );
  const total = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    project_id: project.id,
    currency,
    time_zone: tz,
    from,
    to,
    group,
    lag_seconds: ROLLUP_LAG_SECONDS,
    rows: out,
    totals: figuresOf({
      quantity: total((r) => r.quantity),
      refunded_quantity: total((r) => r.refunded_quantity),
      gross: total((r) => r.gross),
      refunds: total((r) => r.refunds),
      tax: total((r) => r.tax),
      refunded_tax: total((r) => r.refunded_tax),
    }),
  };
}
