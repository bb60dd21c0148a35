import type { ProjectEventType } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { paymentAttempts, scans, tenders, terminals, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { countPayment } from '../../platform/process-metrics';
import { lockTerminalForBooks, recordBalanceEntry } from '../books/balance-entries';
import { simulatorFee } from '../books/fees';
import { recordEvent } from '../events/record-event';
import type { ChargeResult } from '../payments/provider';
import { presentTransaction } from '../presenters/payments';
import { newReceipt } from '../receipts/receipt-link';
import { amountDueOf, amountPaidOf } from './amount-paid';
import { cancelPendingShares } from './card-shares';
import { markAttempt } from './mark-attempt';
import { publishTransactionChange } from './publish-transaction-change';
import { type TransactionRow, transitionTransaction } from './transition-transaction';

export type TenderRow = typeof tenders.$inferSelect;

/**
 * Writes what the provider answered for one card tender (docs/guide/tenders.md#card-tenders),
 * under the transaction's row lock, in one database transaction: succeeded → the tender with its
 * card, what the transaction has paid and its tips (Σ tenders' tips), its status
 * (`partially_paid`, or `succeeded` with its receipt when nothing is left due), the tender's
 * balance entry and the event; declined → the tender back to pending (another card may pay it);
 * requires_action → it stays processing until the shopper confirms. Only a processing tender
 * moves, so a duplicate answer writes nothing twice.
 */
export async function recordTenderOutcome(
  ctx: AppContext,
  input: {
    projectId: string;
    transactionId: string;
    tenderId: string;
    result: ChargeResult;
    attemptId: string;
  },
): Promise<{ row: TransactionRow; tender: TenderRow }> {
  const now = ctx.now();
  const { result } = input;
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [txn] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.projectId, input.projectId), eq(transactions.id, input.transactionId)))
      .for('update');
    const [tender] = await tx
      .select()
      .from(tenders)
      .where(and(eq(tenders.projectId, input.projectId), eq(tenders.id, input.tenderId)));
    if (!txn || !tender) throw new Error(`tender ${input.tenderId} vanished while recording its payment`);
    if (
      tender.status !== 'processing' ||
      result.status === 'processing' ||
      result.status === 'requires_action'
    ) {
      if (result.status === 'requires_action') await markAttempt(tx, input.attemptId, result, now);
      return { row: txn, tender, changed: false };
    }
    await markAttempt(tx, input.attemptId, result, now);
    if (result.status === 'failed') {
      // Nothing was charged: the share waits for another card, its tip chosen anew.
      const [back] = await tx
        .update(tenders)
        .set({ status: 'pending', tipAmount: 0, declines: tender.declines + 1, updatedAt: now })
        .where(eq(tenders.id, tender.id))
        .returning();
      return { row: txn, tender: back!, changed: false, outcome: 'declined' as const };
    }
    const at = await lockTerminalForBooks(tx, txn.projectId, txn.terminalId, ctx.now());
    const charged = tender.amount + tender.tipAmount;
    const fee = txn.provider === 'simulator' ? simulatorFee(charged, ctx.config.simulatorFee) : 0;
    const [paid] = await tx
      .update(tenders)
      .set({
        status: 'succeeded',
        cardBrand: result.cardBrand ?? null,
        cardLast4: result.cardLast4 ?? null,
        cardWallet: result.cardWallet ?? null,
        providerReference: result.reference,
        fee,
        succeededAt: at,
        updatedAt: now,
      })
      .where(eq(tenders.id, tender.id))
      .returning();
    const amountPaid = amountPaidOf(txn) + tender.amount;
    const paidInFull = amountPaid >= txn.amount && amountDueOf(txn) > 0;
    const set = {
      amountPaid,
      tipAmount: txn.tipAmount + tender.tipAmount,
      fee: (txn.fee ?? 0) + fee,
      // The first card's charge is the transaction's reference: a checkout paid by one card
      // share alone refunds as a single card does.
      providerReference: txn.providerReference ?? result.reference,
      cardBrand: txn.cardBrand ?? result.cardBrand ?? null,
      cardLast4: txn.cardLast4 ?? result.cardLast4 ?? null,
      // The wallet goes with the card it named.
      cardWallet: txn.cardLast4 ? txn.cardWallet : (result.cardWallet ?? null),
    };
    let row: TransactionRow;
    if (txn.status === 'partially_paid' && !paidInFull) {
      const [updated] = await tx
        .update(transactions)
        .set({ ...set, updatedAt: now })
        .where(eq(transactions.id, txn.id))
        .returning();
      row = updated!;
    } else {
      const moved = await transitionTransaction(tx, {
        projectId: txn.projectId,
        id: txn.id,
        to: paidInFull ? 'succeeded' : 'partially_paid',
        from: [txn.status],
        reason: 'card tender',
        set: paidInFull
          ? {
              ...set,
              succeededAt: at,
              failureCode: null,
              failureMessage: null,
              ...newReceipt(ctx.config.publicUrl),
            }
          : set,
        now,
      });
      if (!moved) throw new Error(`transaction ${txn.id} moved under its lock`);
      row = moved.row;
    }
    if (paidInFull) await cancelPendingShares(tx, { projectId: txn.projectId, transactionId: txn.id, now });
    // Each card share is its own payment to the provider, so its own payout entry.
    await recordBalanceEntry(tx, {
      projectId: txn.projectId,
      type: 'payment',
      transactionId: txn.id,
      tenderId: tender.id,
      amount: charged,
      fee,
      currency: txn.currency,
      at,
    });
    const [attempt] = await tx
      .select({ scanId: paymentAttempts.scanId })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, input.attemptId));
    if (attempt?.scanId) {
      await tx
        .update(scans)
        .set({ outcome: 'paid', paidAt: now, updatedAt: now })
        .where(and(eq(scans.projectId, txn.projectId), eq(scans.id, attempt.scanId)));
    }
    const types: ProjectEventType[] = paidInFull
      ? ['transaction.succeeded']
      : txn.status === 'pending'
        ? ['transaction.partially_paid']
        : [];
    if (types.length) {
      const [terminal] = await tx
        .select({ label: terminals.label })
        .from(terminals)
        .where(and(eq(terminals.projectId, txn.projectId), eq(terminals.id, row.terminalId)));
      for (const type of types) {
        await recordEvent(tx, {
          projectId: txn.projectId,
          type,
          objectId: txn.id,
          data: presentTransaction(row, terminal?.label ?? null),
          now,
        });
      }
    }
    return { row, tender: paid!, changed: true, outcome: 'succeeded' as const };
  });
  if ('outcome' in outcome && outcome.outcome) countPayment(outcome.outcome, outcome.row.provider);
  if (outcome.changed) await publishTransactionChange(ctx.database.bus, outcome.row);
  return { row: outcome.row, tender: outcome.tender };
}
