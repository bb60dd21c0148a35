import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { businesses, projects, terminals, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';
import type { TransactionRow } from '../transactions/transition-transaction';
import type { DeviceCaller } from './authenticate-device';
import type { TerminalRow } from './terminal-rows';

/** What a reconnecting device may catch up on (15 minutes kept). */
export const DEVICE_FEED_REPLAY_MINUTES = 15;
/** Transactions the terminal is still showing or waiting on. */
const OPEN = ['pending', 'processing', 'requires_action'] as const;

/** A transaction as the feed sends it: the row and its latest history row (the event id). */
export interface FeedItem {
  row: TransactionRow;
  changeId: number;
  /** The status before the latest change (null for a creation). */
  fromStatus: string | null;
}

async function withLatestChange(db: Db, rows: TransactionRow[]): Promise<FeedItem[]> {
  if (rows.length === 0) return [];
  const changes = await rowsOf<{ transaction_id: string; id: string; from_status: string | null }>(
    db,
    sql`select distinct on (transaction_id) transaction_id, id, from_status from transaction_status_changes
        where transaction_id in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})
        order by transaction_id, id desc`,
  );
  const byTxn = new Map(changes.map((c) => [c.transaction_id, c]));
  return rows
    .map((row) => {
      const c = byTxn.get(row.id);
      return { row, changeId: Number(c?.id ?? 0), fromStatus: c?.from_status ?? null };
    })
    .sort((a, b) => a.changeId - b.changeId);
}

/** Every transaction of this terminal that is still open, oldest change first. */
export async function openFeedItems(db: Db, device: DeviceCaller): Promise<FeedItem[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, device.projectId),
        eq(transactions.terminalId, device.terminalId),
        inArray(transactions.status, [...OPEN]),
      ),
    );
  return withLatestChange(db, rows);
}

/**
 * Transactions of this terminal changed after `afterChangeId` (a `Last-Event-ID`) within the
 * replay window, each once with its latest state. Changes of transactions already final before
 * (refunds) are not the terminal's business.
 */
export async function missedFeedItems(
  db: Db,
  { device, afterChangeId, now }: { device: DeviceCaller; afterChangeId: number; now: Date },
): Promise<FeedItem[]> {
  const since = new Date(now.getTime() - DEVICE_FEED_REPLAY_MINUTES * 60_000);
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, device.projectId),
        eq(transactions.terminalId, device.terminalId),
        gt(transactions.updatedAt, since),
      ),
    );
  const items = await withLatestChange(db, rows);
  return items.filter((i) => i.changeId > afterChangeId && !isFinalTransactionStatus(i.fromStatus));
}

/** One transaction named by a bus hint, if it is this terminal's. */
export async function feedItem(db: Db, device: DeviceCaller, id: string): Promise<FeedItem | null> {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, device.projectId),
        eq(transactions.id, id),
        eq(transactions.terminalId, device.terminalId),
      ),
    )
    .limit(1);
  const [item] = await withLatestChange(db, rows);
  return item ?? null;
}

/** `GET /terminal/v1/me`: the terminal, its project and the business it charges for. */
export async function deviceSetup(
  db: Db,
  device: DeviceCaller,
): Promise<{
  terminal: TerminalRow;
  project: {
    id: string;
    name: string;
    currency: string;
    timeZone: string;
    cashierIdleMinutes: number;
    allowOtherCurrencies: boolean;
  };
  business: { name: string };
}> {
  const [row] = await db
    .select({
      terminal: terminals,
      project: {
        id: projects.id,
        name: projects.name,
        currency: projects.currency,
        timeZone: projects.timeZone,
        cashierIdleMinutes: projects.cashierIdleMinutes,
        allowOtherCurrencies: projects.allowOtherCurrencies,
      },
      business: { name: businesses.name },
    })
    .from(terminals)
    .innerJoin(projects, eq(projects.id, terminals.projectId))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(and(eq(terminals.projectId, device.projectId), eq(terminals.id, device.terminalId)))
    .limit(1);
  if (!row) throw notFound('Terminal');
  return row;
}

/** The terminal row as its own stream sees it (null once gone). */
export async function feedTerminal(db: Db, device: DeviceCaller): Promise<TerminalRow | null> {
  const [row] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.projectId, device.projectId), eq(terminals.id, device.terminalId)))
    .limit(1);
  return row ?? null;
}
