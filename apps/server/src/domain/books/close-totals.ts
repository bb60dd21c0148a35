import { type CloseCash, drawerExpected } from '@scanline/contracts';
import { sql } from 'drizzle-orm';
import type { CloseTotalsEntry } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { rowsOf } from '../../platform/sql-rows';

export interface ClosePeriod {
  projectId: string;
  terminalId: string;
  /** Inclusive start; null for a terminal's first close (everything before `to`). */
  from: Date | null;
  /** Exclusive end: the close's `closed_at`. */
  to: Date;
  /** The rules to count by (a close's `rules`); the current ones when absent. */
  rules?: number;
}

interface FigureRow {
  period: string | number;
  currency: string;
  card_brand: string | null;
  rate: string | null;
  cashier_id: string | null;
  category: string | null;
  cashier_name: string | null;
  payments_count: string | number;
  payment_lines: string | number;
  gross: string | number;
  refunds_count: string | number;
  refunds: string | number;
  tips: string | number;
  tax: string | number;
  signed_sum: string | number;
  qty: string | number;
  line_gross: string | number;
}

type Figures = Omit<CloseTotalsEntry, 'grand_total'>;

const n = (v: string | number | null) => Number(v ?? 0);

/** The rules new closes are counted by (the close's `rules`; see the `closes` schema). */
export const CLOSE_RULES = 4;
/** From these rules on, payments with line items count by their lines, and totals hold `by_category`. */
const BASKET_RULES = 4;
/** From these rules on, each currency's totals hold `by_tender` and `cash`. */
const TENDER_RULES = 3;

/**
 * A refund that took effect (at its `succeeded_at`): succeeded, or succeeded and later reversed
 * (failed at the provider after succeeding). The reversal keeps the refund counted where it was:
 * the close that counted it recounts as made, and the reversal is a row of its own, a negative
 * refund at `reversed_at` (kinds `v`/`vt`), in the close whose period holds that instant.
 * docs/guide/closes.md#refunds-that-fail-after-succeeding
 */
export const tookEffect = sql`r.succeeded_at is not null and (r.status = 'succeeded' or r.reversed_at is not null)`;

/** Rules 1, as the first closes were counted: the tip taxed with the order, VAT per refund line. */
const linesV1 = (period: ClosePeriod, from: Date) => sql`
  select 'p' as kind, t.id as ref, t.currency, t.amount + t.tip_amount as signed, t.card_brand, t.tax_rate,
         t.tip_amount as tip, t.cashier_id, t.cashier_name,
         coalesce(round((t.amount + t.tip_amount) * t.tax_rate / (100 + t.tax_rate)), 0) as tax,
         null::text as category, 0::numeric as qty, true as first, t.succeeded_at as at
  from transactions t
  where t.terminal_id = ${period.terminalId} and t.project_id = ${period.projectId}
    and t.succeeded_at is not null
    and t.succeeded_at >= ${from}::timestamptz and t.succeeded_at < ${period.to}::timestamptz
  union all
  select 'r', r.id, r.currency, -r.amount, t.card_brand, t.tax_rate, 0::bigint, null::text, null::text,
         -coalesce(round(r.amount * t.tax_rate / (100 + t.tax_rate)), 0), null::text, 0::numeric, true, r.succeeded_at
  from refunds r join transactions t on t.id = r.transaction_id
  where r.project_id = ${period.projectId} and t.terminal_id = ${period.terminalId}
    and ${tookEffect} and r.succeeded_at >= ${from}::timestamptz and r.succeeded_at < ${period.to}::timestamptz`;

/**
 * Rules 2. A payment is two lines: its amount at its VAT rate, and its tip, outside VAT (rate
 * null) unless the transaction's `tip_taxable`. A refund is split the same way by its
 * `tip_amount`, the tip counted back in `tips`, and belongs to its payment's cashier. A refund's
 * VAT is the VAT of everything refunded on the payment so far minus that before it, so refunds
 * that add up to the payment give back exactly the payment's VAT (333 + 333 + 334 of 1000 at 19 %:
 * 53 + 53 + 54 = 160), not a sum of separately rounded parts.
 */
const linesV2 = (period: ClosePeriod, from: Date, basket = false) => sql`
  ${
    basket
      ? basketPayments(period, from)
      : sql`select 'p' as kind, t.id as ref, t.currency, t.amount as signed, t.card_brand, t.tax_rate,
         t.tip_amount as tip, t.cashier_id, t.cashier_name,
         coalesce(round(t.amount * t.tax_rate / (100 + t.tax_rate)), 0) as tax, null::text as category, 0::numeric as qty, true as first,
         t.succeeded_at as at
  from transactions t
  where`
  } t.terminal_id = ${period.terminalId} and t.project_id = ${period.projectId}
    and t.succeeded_at is not null
    and t.succeeded_at >= ${from}::timestamptz and t.succeeded_at < ${period.to}::timestamptz
  union all
  select 't', t.id, t.currency, t.tip_amount, t.card_brand, tip_rate.rate, 0::bigint, t.cashier_id,
         t.cashier_name, coalesce(round(t.tip_amount * tip_rate.rate / (100 + tip_rate.rate)), 0), null::text, 0::numeric, false, t.succeeded_at
  from transactions t
  cross join lateral (select case when t.tip_taxable then t.tax_rate end as rate) tip_rate
  where t.terminal_id = ${period.terminalId} and t.project_id = ${period.projectId}
    and t.succeeded_at is not null and t.tip_amount > 0
    and t.succeeded_at >= ${from}::timestamptz and t.succeeded_at < ${period.to}::timestamptz
  union all
  select case when r.reversal then (case when part.is_tip then 'vt' else 'v' end)
              else (case when part.is_tip then 'rt' else 'r' end) end, r.id, r.currency, -part.amount, t.card_brand,
         part.rate, case when part.is_tip then -part.amount else 0 end, t.cashier_id, t.cashier_name,
         -coalesce(round(part.upto * part.rate / (100 + part.rate))
                   - round((part.upto - part.amount) * part.rate / (100 + part.rate)), 0), null::text, 0::numeric,
         not part.is_tip or r.amount - r.tip_amount <= 0, r.at
  from (
    select e.*, sum(e.sign * (e.amount - e.tip_amount)) over run as order_upto,
           sum(e.sign * e.tip_amount) over run as tip_upto
    from (
      select r.id, r.transaction_id, r.currency, r.amount, r.tip_amount, r.succeeded_at as at,
             false as reversal, 1 as sign
      from refunds r join transactions t on t.id = r.transaction_id
      where r.project_id = ${period.projectId} and t.terminal_id = ${period.terminalId}
        and ${tookEffect} and r.succeeded_at < ${period.to}::timestamptz
      union all
      select r.id, r.transaction_id, r.currency, r.amount, r.tip_amount, r.reversed_at, true, -1
      from refunds r join transactions t on t.id = r.transaction_id
      where r.project_id = ${period.projectId} and t.terminal_id = ${period.terminalId}
        and r.succeeded_at is not null and r.reversed_at is not null and r.reversed_at < ${period.to}::timestamptz
    ) e
    window run as (partition by e.transaction_id order by e.at, e.id, e.reversal)
  ) r
  join transactions t on t.id = r.transaction_id
  cross join lateral (
    values (false, r.sign * (r.amount - r.tip_amount), r.order_upto, t.tax_rate),
           (true, r.sign * r.tip_amount, r.tip_upto, case when t.tip_taxable then t.tax_rate end)
  ) part(is_tip, amount, upto, rate)
  where r.at >= ${from}::timestamptz and part.amount <> 0
    ${
      basket
        ? sql`and not exists (select from refund_lines rl where rl.refund_id = r.id)
  union all
  select 'r', r.id, r.currency, -rl.amount, t.card_brand, li.tax_rate, 0::bigint, t.cashier_id, t.cashier_name,
         -rl.tax, li.category, -rl.quantity, row_number() over (partition by rl.refund_id order by rl.line_item_id) = 1,
         r.succeeded_at
  from refund_lines rl
  join refunds r on r.id = rl.refund_id
  join line_items li on li.id = rl.line_item_id
  join transactions t on t.id = r.transaction_id
  where r.project_id = ${period.projectId} and t.terminal_id = ${period.terminalId}
    and ${tookEffect} and r.succeeded_at >= ${from}::timestamptz and r.succeeded_at < ${period.to}::timestamptz
  union all
  select 'v', r.id, r.currency, rl.amount, t.card_brand, li.tax_rate, 0::bigint, t.cashier_id, t.cashier_name,
         rl.tax, li.category, rl.quantity, false, r.reversed_at
  from refund_lines rl
  join refunds r on r.id = rl.refund_id
  join line_items li on li.id = rl.line_item_id
  join transactions t on t.id = r.transaction_id
  where r.project_id = ${period.projectId} and t.terminal_id = ${period.terminalId}
    and r.succeeded_at is not null and r.reversed_at is not null
    and r.reversed_at >= ${from}::timestamptz and r.reversed_at < ${period.to}::timestamptz`
        : sql``
    }`;

/**
 * Rules 4 (docs/guide/baskets.md): a payment with line items is one row per line, at the line's
 * VAT rate with the line's own VAT (so the close's `by_tax_rate` states what the receipts state)
 * and its category; the tip rides on the first line. A payment without lines is one row as in
 * rules 2. The `where` of the payment branch follows this fragment.
 */
const basketPayments = (_period: ClosePeriod, _from: Date) => sql`select 'p' as kind, t.id as ref, t.currency,
         case when li.id is null then t.amount else li.total end as signed, t.card_brand,
         case when li.id is null then t.tax_rate else li.tax_rate end as tax_rate,
         case when li.id is null or li.position = 0 then t.tip_amount else 0 end as tip, t.cashier_id, t.cashier_name,
         case when li.id is null then coalesce(round(t.amount * t.tax_rate / (100 + t.tax_rate)), 0) else li.tax end as tax,
         li.category as category, coalesce(li.quantity, 0) as qty, li.id is null or li.position = 0 as first,
         t.succeeded_at as at
  from transactions t
  left join line_items li on li.transaction_id = t.id and li.project_id = t.project_id
  where`;

/**
 * Settings for a transaction that counts a close: no JIT compilation (compiling the figures query
 * cost more than it saved, 70–150 ms at 100,000 payments) and no parallel workers (their start
 * dominated the small branches on a 2-core machine): docs/develop/benchmarks.md#bench-closes.
 */
export const COUNTING_SETTINGS = sql`select set_config('jit', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`;

/** Runs `fn` in a read transaction with the counting settings. */
export function counting<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(COUNTING_SETTINGS);
    return fn(tx);
  });
}

/** The lines of one period, by its rules. */
function linesSql(period: ClosePeriod) {
  const from = period.from ?? new Date(0);
  const rules = period.rules ?? CLOSE_RULES;
  return rules === 1 ? linesV1(period, from) : linesV2(period, from, rules >= BASKET_RULES);
}

/**
 * Consecutive periods of one terminal counted by one rules version: `bounds` holds n + 1
 * instants, period i being `[bounds[i], bounds[i + 1])` (the first close's start is the epoch).
 */
export interface ClosePeriods {
  projectId: string;
  terminalId: string;
  rules?: number;
  bounds: Date[];
}

const hullOf = (p: ClosePeriods): ClosePeriod => ({
  projectId: p.projectId,
  terminalId: p.terminalId,
  from: p.bounds[0]!,
  to: p.bounds[p.bounds.length - 1]!,
  rules: p.rules,
});

/** `width_bucket(at, …)` is then 1 for the first period, 2 for the second… (a binary search). */
const thresholds = (bounds: Date[]) =>
  sql`array[${sql.join(
    bounds.map((b) => sql`${b}::timestamptz`),
    sql`, `,
  )}]::timestamptz[]`;

/**
 * The one query behind the figures: the periods' lines, grouped once by period and by every key
 * a figure is cut by (currency, brand, rate, cashier, category). Each grouping of a close is a
 * sum of these groups, added up in `rollUp`; one hash aggregation instead of five sorted ones
 * (docs/develop/benchmarks.md#bench-closes). A payment is counted by its first line, a refund by
 * its first part, so counts add up without `count(distinct …)`. A cashier's name is the greatest
 * of the period, compared by the database as before.
 */
function figuresSql(periods: ClosePeriods) {
  return sql`with lines as (${linesSql(hullOf(periods))}),
        fine as (
          select width_bucket(at, ${thresholds(periods.bounds)}) as period, currency, card_brand, tax_rate,
                 cashier_id, category, max(cashier_name) as name,
                 count(*) filter (where kind = 'p' and first) as payments_count,
                 count(*) filter (where kind = 'p') as payment_lines,
                 coalesce(sum(signed) filter (where kind in ('p', 't')), 0) as gross,
                 count(*) filter (where kind in ('r', 'rt') and first) as refunds_count,
                 -- A reversal (v, vt) is a negative refund: it lowers the refunds, not their count.
                 coalesce(-sum(signed) filter (where kind in ('r', 'rt', 'v', 'vt')), 0) as refunds,
                 coalesce(sum(tip), 0) as tips,
                 coalesce(sum(tax), 0) as tax,
                 coalesce(sum(signed), 0) as signed_sum,
                 coalesce(sum(qty) filter (where kind = 'p'), 0) as qty,
                 coalesce(sum(signed) filter (where kind = 'p'), 0) as line_gross
          from lines
          group by 1, currency, card_brand, tax_rate, cashier_id, category)
        select period, currency, card_brand, tax_rate::text as rate, cashier_id, category,
               max(name) over (partition by period, currency, cashier_id) as cashier_name,
               payments_count, payment_lines, gross, refunds_count, refunds, tips, tax, signed_sum, qty, line_gross
        from fine`;
}

interface Acc {
  count: number;
  lines: number;
  gross: number;
  tips: number;
  tax: number;
  signed: number;
  /** Thousandths: quantities are numeric(12, 3), summed exactly. */
  qty: number;
  lineGross: number;
  name: string | null;
}

const emptyAcc = (): Acc => ({
  count: 0,
  lines: 0,
  gross: 0,
  tips: 0,
  tax: 0,
  signed: 0,
  qty: 0,
  lineGross: 0,
  name: null,
});

function add(map: Map<string | null, Acc>, key: string | null, r: FigureRow) {
  const a = map.get(key) ?? emptyAcc();
  a.count += n(r.payments_count);
  a.lines += n(r.payment_lines);
  a.gross += n(r.gross);
  a.tips += n(r.tips);
  a.tax += n(r.tax);
  a.signed += n(r.signed_sum);
  a.qty += Math.round(n(r.qty) * 1000);
  a.lineGross += n(r.line_gross);
  a.name = r.cashier_name;
  map.set(key, a);
}

/** One period's figures from its groups: per currency, and within it per brand, rate, cashier, category. */
function rollUp(rows: FigureRow[], rules: number): Figures[] {
  const currencies = new Map<
    string,
    {
      entry: Figures;
      brands: Map<string | null, Acc>;
      rates: Map<string | null, Acc>;
      cashiers: Map<string | null, Acc>;
      categories: Map<string | null, Acc>;
    }
  >();
  for (const r of rows) {
    let c = currencies.get(r.currency);
    if (!c) {
      c = {
        entry: { ...emptyFigures(r.currency), ...(rules >= BASKET_RULES ? { by_category: [] } : {}) },
        brands: new Map(),
        rates: new Map(),
        cashiers: new Map(),
        categories: new Map(),
      };
      currencies.set(r.currency, c);
    }
    c.entry.payments_count += n(r.payments_count);
    c.entry.gross += n(r.gross);
    c.entry.refunds_count += n(r.refunds_count);
    c.entry.refunds += n(r.refunds);
    c.entry.tips += n(r.tips);
    add(c.brands, r.card_brand, r);
    add(c.rates, r.rate, r);
    add(c.cashiers, r.cashier_id, r);
    add(c.categories, r.category, r);
  }
  return [...currencies.values()].map(({ entry, brands, rates, cashiers, categories }) => {
    entry.net = entry.gross - entry.refunds;
    // A brand's row counts payments only (a refund carries its payment's brand; none may be left).
    for (const [brand, a] of brands)
      if (a.count > 0) entry.by_brand.push({ card_brand: brand, count: a.count, amount: a.gross });
    for (const [rate, a] of rates)
      entry.by_tax_rate.push({
        rate: rate === null ? null : Number(rate),
        gross: a.signed,
        net: a.signed - a.tax,
        tax: a.tax,
      });
    for (const [id, a] of cashiers)
      if (id !== null && a.count > 0)
        entry.by_cashier.push({
          cashier_id: id,
          name: a.name,
          payments_count: a.count,
          gross: a.gross,
          tips: a.tips,
        });
    // Sales per category (docs/guide/baskets.md): lines' quantities and totals, tips apart;
    // `null` holds ad-hoc lines and payments without lines.
    if (entry.by_category)
      for (const [category, a] of categories)
        if (a.lines > 0) entry.by_category.push({ category, quantity: a.qty / 1000, gross: a.lineGross });
    return entry;
  });
}

/** A fixed order for every array: the hash covers them as stored (docs/guide/closes.md#the-hash-rule). */
function ordered(figures: Figures[]): Figures[] {
  const byNullable =
    <T>(key: (x: T) => string | number | null) =>
    (a: T, b: T) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return 0;
      if (x === null) return -1;
      if (y === null) return 1;
      return x < y ? -1 : 1;
    };
  return figures.sort(byNullable((e) => e.currency)).map((e) => ({
    ...e,
    by_brand: e.by_brand.sort(byNullable((b) => b.card_brand)),
    by_tax_rate: e.by_tax_rate.sort(byNullable((b) => b.rate)),
    by_cashier: e.by_cashier.sort(byNullable((b) => b.cashier_id)),
    ...(e.by_category ? { by_category: e.by_category.sort(byNullable((b) => b.category)) } : {}),
  }));
}

/**
 * Every figure of consecutive closes of one terminal (one, for a close or the running X report),
 * in ONE query, so the close, the X report and `verify` count alike. Periods are half-open
 * `[from, to)`: a payment belongs to the close whose period holds its `succeeded_at`, a refund
 * to the one that holds its `succeeded_at` (the moment the refund took effect).
 *
 * `lines` holds the period's payments (+) and refunds (−) with the VAT of each line, counted by
 * the close's `rules` (linesV1, linesV2); a payment's lines add up to what was charged, its tip
 * included (`gross` is "tips included"; `tips` the part of it that was tips, less tips refunded).
 */
export async function closeFiguresOfPeriods(db: Db | Tx, periods: ClosePeriods): Promise<Figures[][]> {
  const rows = await rowsOf<FigureRow>(db, figuresSql(periods));
  const byPeriod: FigureRow[][] = periods.bounds.slice(1).map(() => []);
  for (const r of rows) byPeriod[n(r.period) - 1]?.push(r);
  return byPeriod.map((list) => ordered(rollUp(list, periods.rules ?? CLOSE_RULES)));
}

/** One period's figures (a close, the X report). */
export async function closeFigures(db: Db | Tx, period: ClosePeriod): Promise<Figures[]> {
  const [figures] = await closeFiguresOfPeriods(db, boundsOf(period));
  return figures!;
}

const boundsOf = (period: ClosePeriod): ClosePeriods => ({
  projectId: period.projectId,
  terminalId: period.terminalId,
  rules: period.rules,
  bounds: [period.from ?? new Date(0), period.to],
});

/**
 * Adds `grand_total` (never reset): the previous close's grand total per currency plus this
 * period's net. A currency the terminal took before stays listed with zero figures, so its grand
 * total is never lost; a terminal that never took anything shows the project's currency.
 */
export function withGrandTotals(
  figures: Omit<CloseTotalsEntry, 'grand_total'>[],
  previous: CloseTotalsEntry[] | null,
  projectCurrency: string,
): CloseTotalsEntry[] {
  const before = new Map((previous ?? []).map((e) => [e.currency, e.grand_total]));
  const all = new Map(figures.map((f) => [f.currency, f]));
  for (const currency of before.keys()) if (!all.has(currency)) all.set(currency, emptyFigures(currency));
  if (all.size === 0) all.set(projectCurrency, emptyFigures(projectCurrency));
  return [...all.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((f) => ({ ...f, grand_total: (before.get(f.currency) ?? 0) + f.net }));
}

const emptyFigures = (currency: string): Omit<CloseTotalsEntry, 'grand_total'> => ({
  currency,
  payments_count: 0,
  gross: 0,
  refunds_count: 0,
  refunds: 0,
  net: 0,
  tips: 0,
  by_brand: [],
  by_tax_rate: [],
  by_cashier: [],
});

type TenderFigures = NonNullable<CloseTotalsEntry['by_tender']>;

/**
 * The periods' payments per tender method and currency (docs/guide/tenders.md): each succeeded
 * tender of a payment counted in its period, its tip included; a payment from before tenders
 * existed is one card tender. Per currency they add up to `gross`.
 */
async function tenderFiguresOfPeriods(
  db: Db | Tx,
  periods: ClosePeriods,
): Promise<Map<string, TenderFigures>[]> {
  const hull = hullOf(periods);
  const rows = await rowsOf<{
    period: string | number;
    currency: string;
    method: 'card' | 'cash';
    count: string | number;
    amount: string | number;
  }>(
    db,
    sql`select width_bucket(t.succeeded_at, ${thresholds(periods.bounds)}) as period, t.currency,
               coalesce(tn.method, 'card') as method, count(*) as count,
               coalesce(sum(coalesce(tn.amount + tn.tip_amount, t.amount + t.tip_amount)), 0) as amount
        from transactions t
        left join tenders tn on tn.transaction_id = t.id and tn.project_id = t.project_id and tn.status = 'succeeded'
        where t.terminal_id = ${hull.terminalId} and t.project_id = ${hull.projectId}
          and t.succeeded_at is not null
          and t.succeeded_at >= ${hull.from}::timestamptz and t.succeeded_at < ${hull.to}::timestamptz
        group by 1, t.currency, coalesce(tn.method, 'card')`,
  );
  const out = periods.bounds.slice(1).map(() => new Map<string, TenderFigures>());
  for (const r of rows) {
    const map = out[n(r.period) - 1];
    if (!map) continue;
    const list = map.get(r.currency) ?? [];
    list.push({ method: r.method, count: n(r.count), amount: n(r.amount) });
    map.set(r.currency, list);
  }
  for (const map of out)
    for (const list of map.values())
      list.sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  return out;
}

/** A drawer's cash as a close holds it: `counted`/`variance` null when nobody counted. */
export function closeCashOf(
  float: number,
  figures: { sales: number; refunds: number; paid_in: number; paid_out: number },
  counted: number | null,
): CloseCash {
  const expected = drawerExpected({ float, ...figures });
  return {
    float,
    sales: figures.sales,
    refunds: figures.refunds,
    paid_in: figures.paid_in,
    paid_out: figures.paid_out,
    expected,
    counted,
    variance: counted === null ? null : counted - expected,
  };
}

export interface TotalsContext {
  /** The previous close's totals (grand totals carry on from them). */
  previous: CloseTotalsEntry[] | null;
  projectCurrency: string;
  drawer: { currency: string; cash: CloseCash } | null;
}

/**
 * A close's (or the X report's) totals: the figures, the grand totals and, by the rules from
 * 3 on, `by_tender` and the drawer's `cash` (on its currency's entry; null on the others and
 * without a drawer). Closes made by older rules hold neither, so their hashes stay as made.
 */
export async function closeTotals(
  db: Db | Tx,
  period: ClosePeriod,
  context: TotalsContext,
): Promise<CloseTotalsEntry[]> {
  const periods = boundsOf(period);
  const [figures] = await closeFiguresOfPeriods(db, periods);
  const rules = period.rules ?? CLOSE_RULES;
  const [byTender] = rules < TENDER_RULES ? [null] : await tenderFiguresOfPeriods(db, periods);
  return totalsOf(figures!, byTender ?? null, context);
}

/**
 * The totals of consecutive closes of one terminal made by one rules version, in two queries
 * (`verify`'s one pass per terminal): `contextOf(i)` gives period i's previous totals and drawer.
 */
export async function closeTotalsOfPeriods(
  db: Db | Tx,
  periods: ClosePeriods,
  contextOf: (i: number) => TotalsContext,
): Promise<CloseTotalsEntry[][]> {
  const figures = await closeFiguresOfPeriods(db, periods);
  const tenders =
    (periods.rules ?? CLOSE_RULES) < TENDER_RULES ? null : await tenderFiguresOfPeriods(db, periods);
  return figures.map((f, i) => totalsOf(f, tenders?.[i] ?? null, contextOf(i)));
}

function totalsOf(
  figures: Figures[],
  byTender: Map<string, TenderFigures> | null,
  { previous, projectCurrency, drawer }: TotalsContext,
): CloseTotalsEntry[] {
  const totals = withGrandTotals(figures, previous, projectCurrency);
  if (!byTender) return totals;
  if (drawer && !totals.some((e) => e.currency === drawer.currency)) {
    totals.push({ ...emptyFigures(drawer.currency), grand_total: 0 });
    totals.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  }
  return totals.map((e) => {
    const { grand_total, ...rest } = e;
    return {
      ...rest,
      by_tender: byTender.get(e.currency) ?? [],
      cash: drawer && drawer.currency === e.currency ? drawer.cash : null,
      grand_total,
    };
  });
}
