import { randomBytes } from 'node:crypto';
import { TRANSACTION_TTL_SECONDS } from '@scanline/contracts';
import { type TransactionStatus, terminals, transactions } from '../db/schema';
import type { Db } from '../platform/db';
import { newId } from '../platform/ids';

// Payment-core rows inserted directly, so payment tests do not depend on the terminal API.

export async function makeTerminal(
  db: Db,
  projectId: string,
  opts: { label?: string; createdBy?: string } = {},
) {
  const now = new Date();
  const [row] = await db
    .insert(terminals)
    .values({
      id: newId('trm'),
      projectId,
      label: opts.label ?? 'Counter 1',
      kind: 'virtual',
      status: 'online',
      createdBy: opts.createdBy ?? 'test',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export interface TransactionOptions {
  amount?: number;
  currency?: string;
  provider?: 'simulator' | 'stripe';
  status?: TransactionStatus;
  reference?: string;
  createdAt?: Date;
  expiresAt?: Date;
  cardLast4?: string;
}

/** A transaction as the terminal API creates it: pending, with an unguessable payment token. */
export async function makeTransaction(
  db: Db,
  projectId: string,
  terminalId: string,
  opts: TransactionOptions = {},
) {
  const createdAt = opts.createdAt ?? new Date();
  const [row] = await db
    .insert(transactions)
    .values({
      id: newId('txn'),
      projectId,
      terminalId,
      amount: opts.amount ?? 1250,
      currency: opts.currency ?? 'USD',
      status: opts.status ?? 'pending',
      reference: opts.reference ?? null,
      paymentToken: randomBytes(24).toString('base64url'),
      provider: opts.provider ?? 'simulator',
      cardLast4: opts.cardLast4 ?? null,
      expiresAt: opts.expiresAt ?? new Date(Date.now() + TRANSACTION_TTL_SECONDS * 1000),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

let ipCounter = 1;
/** A fresh loopback address per test, so per-IP limits of one test do not leak into another. */
export const nextIp = () => `127.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
