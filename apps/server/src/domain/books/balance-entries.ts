import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';

/**
 * Taken by whatever stamps a payment's or refund's `succeeded_at`, before reading the clock:
 * FOR KEY SHARE on the terminal's row waits for a close being made on that terminal (which holds
 * FOR UPDATE) and lets other payments of the terminal through (see makeClose).
 *
 * Answers the time to stamp: `now`, or the terminal's last `closed_at` when `now` is earlier.
 * Each app replica reads its own clock; one a few milliseconds behind the replica that made the
 * close would otherwise stamp a payment inside a period already closed, counted by no close.
 * docs/guide/closes.md#one-clock
 */
export async function lockTerminalForBooks(
  tx: Db,
  projectId: string,
  terminalId: string,
  now: Date,
): Promise<Date> {
  const [row] = await rowsOf<{ last_closed_at: string | Date | null }>(
    tx,
    sql`select (select c.closed_at from closes c where c.terminal_id = t.id order by c.number desc limit 1) as last_closed_at
        from terminals t where t.id = ${terminalId} and t.project_id = ${projectId} for key share of t`,
  );
  const last = row?.last_closed_at ? new Date(row.last_closed_at) : null;
  return last && last > now ? last : now;
}

/**
 * A balance entry, available on the day it happened in the project's zone plus
 * the project's `payout_delay_days`; written in the transaction that records the payment or refund.
 */
export async function recordBalanceEntry(
  tx: Db,
  entry: {
    projectId: string;
    type: 'payment' | 'refund' | 'refund_reversal';
    transactionId: string;
    refundId?: string | null;
    /** A card tender's share (its own payment entry); absent for a whole-checkout card. */
    tenderId?: string | null;
    amount: number;
    fee: number;
    currency: string;
    at: Date;
  },
) {
  await tx.execute(
    sql`insert into balance_entries (id, project_id, type, transaction_id, refund_id, tender_id, amount, fee, net, currency, available_on, created_at)
        select ${newId('bal')}, p.id, ${entry.type}, ${entry.transactionId}, ${entry.refundId ?? null}, ${entry.tenderId ?? null},
               ${entry.amount}, ${entry.fee}, ${entry.amount - entry.fee}, ${entry.currency},
               (${entry.at}::timestamptz at time zone p.time_zone)::date + p.payout_delay_days, ${entry.at}::timestamptz
        from projects p where p.id = ${entry.projectId}
        on conflict do nothing`,
  );
}
