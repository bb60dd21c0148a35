import { TRANSACTION_STATUSES } from '@scanline/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TransactionStatus, transactionStatusChanges, transactions } from '../../db/schema';
import { newId } from '../../platform/ids';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createTerminalVia } from '../../test/terminal-fixtures';
import { canTransition, TRANSITIONS } from './status-machine';
import { transitionTransaction } from './transition-transaction';

// 's status machine, every from × to pair: the legal ones move (with a history row),
// every other one is refused by transitionTransaction and leaves the row untouched.
const PAIRS = TRANSACTION_STATUSES.flatMap((from) => TRANSACTION_STATUSES.map((to) => [from, to] as const));

describe('transaction status machine: every from × to pair', () => {
  let t: TestApp;
  let projectId: string;
  let terminalId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const team = await makeTeam(t);
    projectId = team.project.id;
    terminalId = (await createTerminalVia(t, team)).id;
  });
  afterAll(() => t.close());

  const insertWith = async (status: TransactionStatus) => {
    const id = newId('txn');
    const now = t.ctx.now();
    await t.ctx.database.db.insert(transactions).values({
      id,
      projectId,
      terminalId,
      amount: 100,
      currency: 'USD',
      status,
      paymentToken: newId('txn'),
      provider: 'simulator',
      expiresAt: new Date(now.getTime() + 60_000),
      createdAt: now,
      updatedAt: now,
    });
    return id;
  };

  it('the table matches docs/api/payments.md', () => {
    expect(TRANSITIONS).toEqual({
      // pending → partially_paid | succeeded: cash tenders (docs/guide/tenders.md).
      pending: ['processing', 'canceled', 'expired', 'failed', 'partially_paid', 'succeeded'],
      // processing → pending only when the provider certainly charged nothing (retry allowed).
      processing: ['succeeded', 'failed', 'requires_action', 'pending'],
      requires_action: ['processing', 'canceled', 'expired'],
      partially_paid: ['succeeded', 'canceled'],
      succeeded: ['partially_refunded', 'refunded'],
      // Back from a refund that failed after succeeding.
      partially_refunded: ['partially_refunded', 'refunded', 'succeeded'],
      failed: [],
      canceled: [],
      expired: [],
      refunded: ['partially_refunded', 'succeeded'],
    });
  });

  it.each(PAIRS)('%s → %s', async (from, to) => {
    const id = await insertWith(from);
    const db = t.ctx.database.db;
    const result = await db.transaction((tx) =>
      transitionTransaction(tx, { projectId, id, to, now: t.ctx.now() }),
    );
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    const history = await db
      .select()
      .from(transactionStatusChanges)
      .where(eq(transactionStatusChanges.transactionId, id));
    if (canTransition(from, to)) {
      expect(result?.from).toBe(from);
      expect(row!.status).toBe(to);
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[from, to]]);
    } else {
      expect(result).toBeNull();
      expect(row!.status).toBe(from);
      expect(history).toHaveLength(0);
    }
  });

  it('a `from` guard narrower than the table refuses too, and another project never matches', async () => {
    const id = await insertWith('pending');
    const db = t.ctx.database.db;
    expect(
      await db.transaction((tx) =>
        transitionTransaction(tx, {
          projectId,
          id,
          to: 'canceled',
          from: ['requires_action'],
          now: t.ctx.now(),
        }),
      ),
    ).toBeNull();
    expect(
      await db.transaction((tx) =>
        transitionTransaction(tx, { projectId: 'prj_other', id, to: 'canceled', now: t.ctx.now() }),
      ),
    ).toBeNull();
  });

  it('two racing moves from the same status: exactly one wins', async () => {
    const id = await insertWith('pending');
    const db = t.ctx.database.db;
    const results = await Promise.all(
      (['canceled', 'expired', 'processing', 'canceled'] as const).map((to) =>
        db.transaction((tx) => transitionTransaction(tx, { projectId, id, to, now: t.ctx.now() })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
