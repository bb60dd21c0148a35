import { and, eq, sql } from 'drizzle-orm';
import { simulatorCharges, simulatorRefunds } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { randomBase62 } from '../../platform/ids';
import {
  type ChargeInput,
  type ChargeResult,
  failureMessageFor,
  type PaymentProvider,
  type RefundInput,
  type RetrieveInput,
} from './provider';

interface TestMethod {
  brand: string;
  last4: string;
  outcome: 'succeeded' | 'failed' | 'requires_action';
  failureCode?: string;
}

/** Stripe's test payment methods (https://docs.stripe.com/testing) decide the simulator's outcomes. */
export const SIMULATOR_METHODS: Record<string, TestMethod> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'failed', failureCode: 'card_declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'failed',
    failureCode: 'insufficient_funds',
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
};

type ChargeRow = typeof simulatorCharges.$inferSelect;

const present = (row: ChargeRow): ChargeResult => ({
  status: row.status,
  reference: row.id,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  cardWallet: row.cardWallet,
  failureCode: row.failureCode,
  failureMessage: row.failureCode ? failureMessageFor(row.failureCode) : null,
});

/**
 * The default provider: no network, its ledger in its own table. Behaves like Stripe with
 * idempotency keys: the first charge under a key is the only one; repeating it returns it.
 */
export function simulatorProvider(db: Db): PaymentProvider {
  const find = async (projectId: string, key: string) => {
    const [row] = await db
      .select()
      .from(simulatorCharges)
      .where(and(eq(simulatorCharges.projectId, projectId), eq(simulatorCharges.idempotencyKey, key)));
    return row;
  };

  return {
    kind: 'simulator',
    checkPaymentMethod(paymentMethod) {
      if (!SIMULATOR_METHODS[paymentMethod]) {
        throw new AppError(
          'payment_method_invalid',
          `The payment simulator does not know ${paymentMethod}. Use one of: ${Object.keys(SIMULATOR_METHODS).join(', ')}.`,
          [{ path: 'body.payment_method', message: 'Unknown test payment method' }],
        );
      }
    },

    async charge(input: ChargeInput) {
      const key = input.attemptKey ?? input.transactionId;
      if (input.confirmation) {
        // The shopper approved the authentication: the waiting charge succeeds, once.
        await db
          .update(simulatorCharges)
          .set({ status: 'succeeded', updatedAt: new Date() })
          .where(
            and(
              eq(simulatorCharges.projectId, input.projectId),
              eq(simulatorCharges.idempotencyKey, key),
              eq(simulatorCharges.status, 'requires_action'),
            ),
          );
        const row = await find(input.projectId, key);
        if (!row) throw new AppError('transaction_state_conflict', 'There is no payment to confirm.');
        return present(row);
      }
      this.checkPaymentMethod(input.paymentMethod);
      const method = SIMULATOR_METHODS[input.paymentMethod]!;
      await db
        .insert(simulatorCharges)
        .values({
          projectId: input.projectId,
          idempotencyKey: key,
          id: `ch_sim_${randomBase62(24)}`,
          paymentMethod: input.paymentMethod,
          amount: input.amount,
          currency: input.currency,
          status: method.outcome,
          cardBrand: method.brand,
          cardLast4: method.last4,
          cardWallet: input.wallet ?? null,
          failureCode: method.failureCode ?? null,
        })
        .onConflictDoNothing();
      return present((await find(input.projectId, key))!);
    },

    async retrieve(input: RetrieveInput) {
      const row = await find(input.projectId, input.attemptKey ?? input.transactionId);
      return row ? present(row) : null;
    },

    async refund(input: RefundInput) {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(simulatorRefunds)
          .where(
            and(
              eq(simulatorRefunds.projectId, input.projectId),
              eq(simulatorRefunds.idempotencyKey, input.refundId),
            ),
          );
        if (existing) return { status: 'succeeded' as const, reference: existing.id };
        const [charge] = await tx
          .update(simulatorCharges)
          .set({
            amountRefunded: sql`${simulatorCharges.amountRefunded} + ${input.amount}`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(simulatorCharges.projectId, input.projectId),
              // The succeeded charge (its id is the transaction's provider reference): after declined
              // cards, the transaction's first key holds a declined one.
              input.reference
                ? eq(simulatorCharges.id, input.reference)
                : eq(simulatorCharges.idempotencyKey, input.transactionId),
              eq(simulatorCharges.status, 'succeeded'),
              sql`${simulatorCharges.amountRefunded} + ${input.amount} <= ${simulatorCharges.amount}`,
            ),
          )
          .returning();
        if (!charge)
          return { status: 'failed' as const, reference: null, failureCode: 'charge_not_refundable' };
        const id = `re_sim_${randomBase62(24)}`;
        await tx.insert(simulatorRefunds).values({
          projectId: input.projectId,
          idempotencyKey: input.refundId,
          id,
          chargeId: charge.id,
          amount: input.amount,
        });
        return { status: 'succeeded' as const, reference: id };
      });
    },
  };
}
