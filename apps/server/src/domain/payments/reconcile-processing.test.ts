import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts, refunds, simulatorCharges, simulatorRefunds, transactions } from '../../db/schema';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeTerminal, makeTransaction } from '../../test/payment-factories';
import { transitionTransaction } from '../transactions/transition-transaction';
import { reconcilePendingRefunds, reconcileProcessing } from './reconcile-processing';
import { simulatorProvider } from './simulator';

describe('reconcile transactions left processing', () => {
  let t: TestApp;
  let projectId: string;
  let terminalId: string;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = (await makeTeam(t)).project.id;
    terminalId = (await makeTerminal(t.ctx.database.db, projectId)).id;
  });
  afterAll(() => t.close());

  /** The state a crash leaves: claimed (processing + attempt), maybe charged, nothing recorded. */
  const interrupted = async (method: string | null) => {
    const db = t.ctx.database.db;
    const txn = await makeTransaction(db, projectId, terminalId);
    await db.transaction(async (tx) => {
      await transitionTransaction(tx, {
        projectId,
        id: txn.id,
        to: 'processing',
        from: ['pending'],
        now: new Date(),
      });
      await tx.insert(paymentAttempts).values({
        id: `pat_${txn.id}`,
        projectId,
        transactionId: txn.id,
        provider: 'simulator',
        paymentMethod: method ?? 'pm_card_visa',
        status: 'processing',
      });
    });
    if (method) {
      await simulatorProvider(db).charge({
        projectId,
        transactionId: txn.id,
        amount: txn.amount,
        currency: txn.currency,
        paymentMethod: method,
        reference: null,
      });
    }
    return txn;
  };
  const row = async (id: string) =>
    (await t.ctx.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

  it('records charges that were made and releases those that were not, without charging', async () => {
    const charged = await interrupted('pm_card_visa');
    const declined = await interrupted('pm_card_chargeDeclined');
    const never = await interrupted(null);
    const report = await reconcileProcessing(t.ctx);
    expect(report).toMatchObject({ checked: 3, finished: 2, released: 1, unknown: 0 });
    expect(await row(charged.id)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    // A declined card found by the reconcile goes back to pending for another card.
    expect(await row(declined.id)).toMatchObject({ status: 'pending', failureCode: 'card_declined' });
    expect((await row(never.id)).status).toBe('pending');
    const [attempt] = await t.ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.transactionId, charged.id));
    expect(attempt!.status).toBe('succeeded');
    const charges = await t.ctx.database.db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.idempotencyKey, never.id));
    expect(charges).toHaveLength(0);
    // A second run finds nothing to do.
    expect((await reconcileProcessing(t.ctx)).checked).toBe(0);
  });

  it('leaves rows younger than the threshold to their live request', async () => {
    const live = await interrupted('pm_card_visa');
    expect((await reconcileProcessing(t.ctx, { olderThanMs: 60_000 })).checked).toBe(0);
    expect((await row(live.id)).status).toBe('processing');
    await reconcileProcessing(t.ctx);
    expect((await row(live.id)).status).toBe('succeeded');
  });

  it('settles refunds left pending, refunding once even if the provider already did', async () => {
    const db = t.ctx.database.db;
    const paid = await interrupted('pm_card_visa');
    await reconcileProcessing(t.ctx);
    const pendingRefund = async (id: string, amount: number) =>
      db.insert(refunds).values({
        id,
        projectId,
        transactionId: paid.id,
        amount,
        currency: 'USD',
        status: 'pending',
        createdBy: 'test',
      });
    // One crashed before asking the provider, one after the provider refunded.
    await pendingRefund('rfd_before', 200);
    await pendingRefund('rfd_after', 300);
    await simulatorProvider(db).refund({
      projectId,
      refundId: 'rfd_after',
      transactionId: paid.id,
      reference: null,
      amount: 300,
      currency: 'USD',
    });
    expect(await reconcilePendingRefunds(t.ctx)).toEqual({ checked: 2, settled: 2 });
    expect(await row(paid.id)).toMatchObject({ status: 'partially_refunded', amountRefunded: 500 });
    const atProvider = await db
      .select()
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.projectId, projectId));
    expect(atProvider.map((r) => r.amount).sort()).toEqual([200, 300]);
    const [charge] = await db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.idempotencyKey, paid.id));
    expect(charge!.amountRefunded).toBe(500);
    expect((await reconcilePendingRefunds(t.ctx)).checked).toBe(0);
  });
});
