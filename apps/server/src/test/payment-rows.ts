import type { TransactionStatus } from '../db/schema';
import { refunds, scans, terminals, transactions } from '../db/schema';
import type { Db } from '../platform/db';
import { newId, randomBase62 } from '../platform/ids';

/**
 * Raw payment-core rows written straight to the database, for tests of what reads them
 * (dashboard, rollups, exports) without going through the payment routes.
 */
export async function insertTerminal(
  db: Db,
  projectId: string,
  label: string,
  status: 'online' | 'offline' = 'online',
) {
  const id = newId('trm');
  await db.insert(terminals).values({ id, projectId, label, kind: 'virtual', status, createdBy: 'test' });
  return id;
}

export interface TxnRow {
  terminalId: string;
  amount: number;
  status: TransactionStatus;
  createdAt: Date;
  currency?: string;
  failureCode?: string | null;
  amountRefunded?: number;
  reference?: string | null;
  updatedAt?: Date;
  tipAmount?: number;
  cashierId?: string | null;
  cashierName?: string | null;
}

export async function insertTransaction(db: Db, projectId: string, row: TxnRow) {
  const id = newId('txn');
  await db.insert(transactions).values({
    id,
    projectId,
    terminalId: row.terminalId,
    amount: row.amount,
    currency: row.currency ?? 'USD',
    status: row.status,
    reference: row.reference ?? null,
    paymentToken: randomBase62(24),
    provider: 'simulator',
    failureCode: row.failureCode ?? null,
    amountRefunded: row.amountRefunded ?? 0,
    tipAmount: row.tipAmount ?? 0,
    cashierId: row.cashierId ?? null,
    cashierName: row.cashierName ?? null,
    expiresAt: new Date(row.createdAt.getTime() + 15 * 60_000),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? new Date(),
  });
  return id;
}

export async function insertRefund(
  db: Db,
  projectId: string,
  transactionId: string,
  amount: number,
  createdAt: Date,
  status: 'succeeded' | 'failed' = 'succeeded',
) {
  const id = newId('rfd');
  await db.insert(refunds).values({
    id,
    projectId,
    transactionId,
    amount,
    currency: 'USD',
    status,
    createdBy: 'test',
    createdAt,
    updatedAt: new Date(),
  });
  return id;
}

export async function insertScan(
  db: Db,
  projectId: string,
  row: { terminalId: string; transactionId?: string; createdAt: Date; paidAt?: Date | null },
) {
  const id = newId('scn');
  await db.insert(scans).values({
    id,
    projectId,
    terminalId: row.terminalId,
    transactionId: row.transactionId ?? null,
    outcome: row.paidAt ? 'paid' : 'abandoned',
    paidAt: row.paidAt ?? null,
    createdAt: row.createdAt,
    updatedAt: new Date(),
  });
  return id;
}

/** A small deterministic pseudo-random generator (mulberry32) so failures reproduce. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
