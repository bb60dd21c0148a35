import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import type { Actor } from '../actor';
import { csvField } from '../exports/csv';
import { currencyDigits } from '../money';
import { projectAccess } from '../projects/project-access';
import { tookEffect } from './close-totals';
import { findClose, periodStartOf } from './list-closes';
import { findPayout } from './list-payouts';

export type AccountingFormat = 'csv' | 'xero' | 'quickbooks';

/**
 * One line of the books: a payment (+) or a refund (−) with its fee. A close's export has cash
 * lines too (`cash_payment`, `cash_refund`: docs/guide/drawer.md), never a payout's: cash
 * reaches no balance.
 */
interface BookLine {
  id: string;
  day: string;
  type: 'payment' | 'refund' | 'refund_reversal' | 'cash_payment' | 'cash_refund' | 'adjustment';
  /** Null for an adjustment (its `description` says what it is). */
  transaction_id: string | null;
  description?: string | null;
  reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  amount: string | number;
  fee: string | number;
  currency: string;
}

const BATCH = 1000;

/** 1250 EUR → "12.50", −1250 → "-12.50", 500 JPY → "500": major units with a dot, exact. */
export function majorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}

const card = (l: BookLine) =>
  l.card_last4 ? `${l.card_brand ?? 'card'} ${l.card_last4}` : (l.card_brand ?? '');
/** Xero's template reads dates in the organisation's region; day first is its default (DD/MM/YYYY). */
const xeroDate = (day: string) => {
  const [yy, mm, dd] = day.split('-');
  return `${dd}/${mm}/${yy}`;
};
/** QuickBooks Online's bank upload takes MM/DD/YYYY. */
const qboDate = (day: string) => {
  const [yy, mm, dd] = day.split('-');
  return `${mm}/${dd}/${yy}`;
};

const DESCRIPTIONS: Record<BookLine['type'], string> = {
  payment: 'Card payment',
  refund: 'Refund',
  refund_reversal: 'Refund failed, reversed',
  cash_payment: 'Cash payment',
  cash_refund: 'Cash refund',
  adjustment: 'Adjustment',
};

const HEADERS: Record<AccountingFormat, string> = {
  csv: 'date,type,transaction_id,reference,card,gross,fee,net,currency',
  // Xero's bank statement import (precoded template): the starred columns are required.
  xero: '*Date,*Amount,Payee,Description,Reference',
  // QuickBooks Online's 3-column bank transactions CSV.
  quickbooks: 'Date,Description,Amount',
};

/**
 * A line's rows in a format. `csv` has one row per line (gross, fee, net); the bank-statement
 * formats have a row for the gross and, for a fee, a row for the fee (negative), as a bank
 * statement would show the payment and the charge: their amounts add up to the net either way.
 */
function rowsFor(format: AccountingFormat, l: BookLine, source: string): string[] {
  const amount = Number(l.amount);
  const fee = Number(l.fee);
  const money = (v: number) => majorUnits(v, l.currency);
  const subject = [l.transaction_id, l.description].filter(Boolean).join(' ');
  const description = `${DESCRIPTIONS[l.type]} ${subject}${card(l) ? ` (${card(l)})` : ''}`;
  if (format === 'csv') {
    return [
      [
        l.day,
        l.type,
        l.transaction_id ?? '',
        csvField(l.reference ?? l.description ?? null, true),
        csvField(card(l), true),
        money(amount),
        money(fee),
        money(amount - fee),
        l.currency,
      ].join(','),
    ];
  }
  const out: string[] = [];
  if (format === 'xero') {
    out.push(
      [
        xeroDate(l.day),
        money(amount),
        l.type.startsWith('cash_') ? 'Cash customer' : 'Card customer',
        csvField(description, true),
        csvField(l.reference ?? source, true),
      ].join(','),
    );
    if (fee)
      out.push(
        [xeroDate(l.day), money(-fee), 'Scanline', csvField(`Fee ${subject}`), csvField(source)].join(','),
      );
  } else {
    out.push(
      [
        qboDate(l.day),
        csvField(`${description}${l.reference ? ` ${l.reference}` : ''}`, true),
        money(amount),
      ].join(','),
    );
    if (fee) out.push([qboDate(l.day), csvField(`Fee ${subject}`), money(-fee)].join(','));
  }
  return out;
}

/** Streams the lines in keyset batches (memory stays flat for a payout of any size). */
async function* stream(
  format: AccountingFormat,
  source: string,
  batch: (after: { day: string; id: string } | null) => Promise<BookLine[]>,
): AsyncGenerator<string> {
  yield `${HEADERS[format]}\r\n`;
  let after: { day: string; id: string } | null = null;
  for (;;) {
    const rows = await batch(after);
    for (const l of rows) for (const r of rowsFor(format, l, source)) yield `${r}\r\n`;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { day: (last as BookLine & { at: string }).at, id: last.id };
  }
}

/**
 * `GET …/payouts/{payout_id}/export.csv`: its entries at what reached the payout (Stripe's
 * settled figures, in the payout's currency); the net column (or the amounts) add up to it.
 */
export async function exportPayout(
  db: Db,
  {
    actor,
    projectId,
    payoutId,
    format,
  }: { actor: Actor; projectId: string; payoutId: string; format: AccountingFormat },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'payouts.read' });
  const payout = await findPayout(db, projectId, payoutId);
  const lines = stream(format, payout.id, (after) =>
    rowsOf<BookLine>(
      db,
      sql`select e.id, to_char((e.created_at at time zone ${project.timeZone})::date, 'YYYY-MM-DD') as day,
                 e.created_at::text as at, e.type, e.transaction_id, t.reference, t.card_brand, t.card_last4,
                 e.description, coalesce(e.settlement_amount, e.amount) as amount,
                 coalesce(e.settlement_fee, e.fee) as fee, coalesce(e.settlement_currency, e.currency) as currency
          from balance_entries e left join transactions t on t.id = e.transaction_id
          where e.project_id = ${projectId} and e.payout_id = ${payoutId}
            ${after ? sql`and (e.created_at, e.id) > (${after.day}::timestamptz, ${after.id})` : sql``}
          order by e.created_at, e.id limit ${BATCH}`,
    ),
  );
  return { lines, filename: `payout-${payout.id}-${format}.csv` };
}

/**
 * `GET …/closes/{close_id}/export.csv`: the close's payments (+, what was charged: the tip
 * included, as the close counts them; one line per tender, cash ones `cash_payment`) and refunds
 * (−; of a payment made in cash only, `cash_refund`; a refund that failed after succeeding,
 * `refund_reversal` +, in the close that counts it back) at their amounts, fee 0 (a close counts takings, not the provider's fees): per currency they add up to
 * the close's net.
 */
export async function exportClose(
  db: Db,
  {
    actor,
    projectId,
    closeId,
    format,
    currency,
  }: { actor: Actor; projectId: string; closeId: string; format: AccountingFormat; currency?: string },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'closes.read' });
  const { close } = await findClose(db, projectId, closeId);
  // Xero's and QuickBooks' bank files have no currency column: one currency per file.
  const held = close.totals.filter((e) => e.payments_count > 0 || e.refunds_count > 0).map((e) => e.currency);
  if (format !== 'csv' && !currency && held.length > 1) {
    throw new AppError(
      'currency_required',
      `This close holds ${held.join(', ')}: a ${format} file takes one currency; add currency=${held[0]} (or another).`,
      [{ path: 'querystring.currency', message: `One of ${held.join(', ')}`, code: 'currency_required' }],
    );
  }
  const only = currency ? sql`and x.currency = ${currency}` : sql``;
  const from = (await periodStartOf(db, close)) ?? new Date(0);
  const source = `Close ${close.number} ${close.terminalId}`;
  const lines = stream(format, source, (after) =>
    rowsOf<BookLine>(
      db,
      sql`select * from (
            select coalesce(tn.id, t.id) as id, t.succeeded_at as at_ts,
                   case when tn.method = 'cash' then 'cash_payment' else 'payment' end as type,
                   t.id as transaction_id, t.reference,
                   case when tn.method = 'cash' then null else t.card_brand end as card_brand,
                   case when tn.method = 'cash' then null else t.card_last4 end as card_last4,
                   coalesce(tn.amount + tn.tip_amount, t.amount + t.tip_amount) as amount, 0 as fee, t.currency
            from transactions t
            left join tenders tn on tn.transaction_id = t.id and tn.project_id = t.project_id and tn.status = 'succeeded'
            where t.project_id = ${projectId} and t.terminal_id = ${close.terminalId} and t.succeeded_at is not null
              and t.succeeded_at >= ${from}::timestamptz and t.succeeded_at < ${close.closedAt}::timestamptz
            union all
            select r.id, r.succeeded_at, case when paid.cash_only then 'cash_refund' else 'refund' end,
                   t.id, t.reference, t.card_brand, t.card_last4, -r.amount, 0, r.currency
            from refunds r join transactions t on t.id = r.transaction_id
            cross join lateral (
              select coalesce(bool_and(tn.method = 'cash'), false) as cash_only from tenders tn
              where tn.transaction_id = t.id and tn.project_id = t.project_id and tn.status = 'succeeded'
            ) paid
            where r.project_id = ${projectId} and t.terminal_id = ${close.terminalId} and ${tookEffect}
              and r.succeeded_at >= ${from}::timestamptz and r.succeeded_at < ${close.closedAt}::timestamptz
            union all
            -- A card refund that failed after succeeding, given back where the close counts it.
            select r.id, r.reversed_at, 'refund_reversal', t.id, t.reference, t.card_brand, t.card_last4,
                   r.amount, 0, r.currency
            from refunds r join transactions t on t.id = r.transaction_id
            where r.project_id = ${projectId} and t.terminal_id = ${close.terminalId} and r.succeeded_at is not null
              and r.reversed_at >= ${from}::timestamptz and r.reversed_at < ${close.closedAt}::timestamptz
          ) x
          cross join lateral (select to_char((x.at_ts at time zone ${project.timeZone})::date, 'YYYY-MM-DD') as day,
                                     x.at_ts::text as at) d
          where true ${only}
          ${after ? sql`and (x.at_ts, x.id) > (${after.day}::timestamptz, ${after.id})` : sql``}
          order by x.at_ts, x.id limit ${BATCH}`,
    ),
  );
  return {
    lines,
    filename: `close-${close.terminalId}-${close.number}-${format}${currency ? `-${currency}` : ''}.csv`,
  };
}
