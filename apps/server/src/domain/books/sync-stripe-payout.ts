import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  balanceEntries,
  businesses,
  type PayoutStatus,
  payouts,
  projects,
  refunds,
  transactions,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { open } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { recordEvents } from '../events/record-event';
import { currencyDigits } from '../money';
import { fromStripeAmount } from '../payments/stripe-amounts';
import { presentPayout } from '../presenters/books';

interface Line {
  /** Null until an unattributed line is given to the payout's home project. */
  projectId: string | null;
  transactionId: string | null;
  refundId: string | null;
  type: 'payment' | 'refund' | 'refund_reversal' | 'adjustment';
  /** In the charge's currency (an adjustment's: the settlement's). */
  amount: number;
  fee: number;
  net: number;
  currency: string;
  settlement: { amount: number; fee: number; net: number; currency: string };
  exchangeRate: number | null;
  reference: string;
  description: string | null;
  at: Date;
}

/** Balance transactions that move a payout itself rather than the project's money. */
const PAYOUT_MOVES = new Set(['payout', 'payout_cancel', 'payout_failure', 'payout_minimum_balance_hold']);

/**
 * Stripe's payouts: a `payout.*` webhook (`payout.created`, `payout.updated`,
 * `payout.paid`, `payout.failed`, `payout.reconciliation_completed`) names a payout; the business
 * is the one whose webhook secret verifies the signature. As for payments, the event is only a
 * hint: the payout and its balance transactions (`GET /v1/balance_transactions?payout=po_…`,
 * sources expanded) are read from Stripe, and Stripe's fee and net replace ours on each entry.
 * Per project of the business (a Stripe account may serve several), one payout row, keyed
 * `po_…:prj_…`, written with its entries, transactions and events in one database transaction.
 */
export async function syncStripePayout(ctx: AppContext, rawBody: string, signature: string) {
  const db = ctx.database.db;
  const { default: StripeSdk } = await import('stripe');
  const candidates = await db
    .select()
    .from(businesses)
    .where(and(isNotNull(businesses.stripeWebhookSecretEnc), isNotNull(businesses.stripeSecretKeyEnc)));
  const business = candidates.find((b) => {
    try {
      StripeSdk.webhooks.constructEvent(rawBody, signature, open(ctx.config, b.stripeWebhookSecretEnc!));
      return true;
    } catch {
      return false;
    }
  });
  if (!business)
    throw new AppError('bad_request', 'The Stripe-Signature header does not match this payload.');
  const event = JSON.parse(rawBody) as { data?: { object?: { id?: string } } };
  const payoutId = event.data?.object?.id;
  if (typeof payoutId !== 'string') return { received: true, handled: false };

  const { stripeClient } = await import('../payments/stripe-provider');
  const stripe = stripeClient(ctx.config, open(ctx.config, business.stripeSecretKeyEnc!));
  let payout: Stripe.Payout;
  const balance: Stripe.BalanceTransaction[] = [];
  try {
    payout = await stripe.payouts.retrieve(payoutId);
    for await (const bt of stripe.balanceTransactions.list({
      payout: payoutId,
      expand: ['data.source'],
      limit: 100,
    }))
      balance.push(bt);
  } catch {
    throw new AppError('service_unavailable', 'Stripe could not be reached to read this payout.');
  }

  // Our transactions and refunds behind Stripe's charges, refunds and disputes.
  const intentOf = (bt: Stripe.BalanceTransaction) => {
    const source = bt.source as { payment_intent?: string | { id: string } | null } | null;
    const pi = source?.payment_intent;
    return typeof pi === 'string' ? pi : (pi?.id ?? null);
  };
  const intents = balance.map(intentOf).filter((x): x is string => Boolean(x));
  const ours = intents.length
    ? await db
        .select({
          id: transactions.id,
          projectId: transactions.projectId,
          ref: transactions.providerReference,
        })
        .from(transactions)
        .innerJoin(projects, eq(projects.id, transactions.projectId))
        .where(and(eq(projects.businessId, business.id), inArray(transactions.providerReference, intents)))
    : [];
  const byIntent = new Map(ours.map((t) => [t.ref, t]));
  const refundIds = balance
    .filter((b) => b.type === 'refund' || b.type === 'refund_failure')
    .map((b) => (b.source as { id?: string } | null)?.id)
    .filter((x): x is string => Boolean(x));
  const ourRefunds = refundIds.length
    ? await db
        .select({ id: refunds.id, ref: refunds.providerReference })
        .from(refunds)
        .where(inArray(refunds.providerReference, refundIds))
    : [];
  const refundByRef = new Map(ourRefunds.map((r) => [r.ref, r.id]));

  const lines: Line[] = [];
  for (const bt of balance) {
    if (PAYOUT_MOVES.has(bt.type)) continue;
    const settlement = {
      amount: fromStripeAmount(bt.amount, bt.currency),
      fee: fromStripeAmount(bt.fee, bt.currency),
      // Net stays amount − fee after rounding.
      net: fromStripeAmount(bt.amount, bt.currency) - fromStripeAmount(bt.fee, bt.currency),
      currency: bt.currency.toUpperCase(),
    };
    const txn = byIntent.get(intentOf(bt) ?? '');
    // `refund_failure`: a refund that failed after succeeding, its money back in the balance
    // (our `refund_reversal` entry, written when the refund was reversed).
    const isMoney =
      bt.type === 'charge' || bt.type === 'payment' || bt.type === 'refund' || bt.type === 'refund_failure';
    if (!txn || !isMoney) {
      // Disputes, Stripe's own fees, adjustments, and charges not made through Scanline: in
      // Stripe's payout, so in ours (docs/guide/payouts.md#stripe-projects), as adjustments.
      lines.push({
        projectId: txn?.projectId ?? null,
        transactionId: txn?.id ?? null,
        refundId: null,
        type: 'adjustment',
        ...settlement,
        settlement,
        exchangeRate: null,
        reference: bt.id,
        description: [bt.type, bt.description].filter(Boolean).join(': '),
        at: new Date(bt.created * 1000),
      });
      continue;
    }
    const isRefund = bt.type === 'refund' || bt.type === 'refund_failure';
    const charged = chargeSide(bt, settlement);
    lines.push({
      projectId: txn.projectId,
      transactionId: txn.id,
      // A refund made in Stripe's dashboard has no row of ours: its entry keeps Stripe's `re_…`
      // id, so it is one entry of its own, found again when the payout is read again.
      refundId: isRefund ? refundIdOf((bt.source as { id?: string } | null)?.id, refundByRef) : null,
      type: bt.type === 'refund_failure' ? 'refund_reversal' : isRefund ? 'refund' : 'payment',
      ...charged,
      settlement,
      exchangeRate: bt.exchange_rate ?? null,
      reference: bt.id,
      description: null,
      at: new Date(bt.created * 1000),
    });
  }
  // What Scanline cannot tie to a project goes to the payout's home project: the oldest of the
  // business's projects with a line in it (else the oldest of all), so the payouts recorded for
  // one Stripe payout add up to Stripe's amount.
  if (lines.some((l) => l.projectId === null)) {
    const owned = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.businessId, business.id))
      .orderBy(projects.createdAt, projects.id);
    const present = new Set(lines.map((l) => l.projectId));
    const home = (owned.find((p) => present.has(p.id)) ?? owned[0])?.id;
    if (!home) return { received: true, handled: false };
    for (const l of lines) l.projectId ??= home;
  }
  const status = payout.status as PayoutStatus;
  // A failed or canceled payout's money went back to Stripe's balance and leaves in a later one.
  const released = status === 'failed' || status === 'canceled';
  const arrival = new Date(payout.arrival_date * 1000).toISOString().slice(0, 10);
  const now = ctx.now();
  const written = [];
  for (const projectId of [...new Set(lines.map((l) => l.projectId!))]) {
    const mine = lines.filter((l) => l.projectId === projectId);
    const reference = `${payout.id}:${projectId}`;
    const row = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.projectId, projectId), eq(payouts.providerReference, reference)))
        .for('update');
      const id = existing?.id ?? newId('po');
      if (released) {
        await tx
          .update(balanceEntries)
          .set({ payoutId: null })
          .where(and(eq(balanceEntries.projectId, projectId), eq(balanceEntries.payoutId, id)));
        await tx
          .update(transactions)
          .set({ payoutId: null })
          .where(and(eq(transactions.projectId, projectId), eq(transactions.payoutId, id)));
      }
      for (const l of mine) await writeEntry(tx, projectId, l, released ? null : id, arrival);
      const payments = mine.filter((l) => l.type === 'payment');
      const figures = {
        amount: mine.reduce((s, l) => s + l.settlement.net, 0),
        currency: mine[0]!.settlement.currency,
        status,
        arrivalDate: arrival,
        paymentsCount: payments.length,
        gross: payments.reduce((s, l) => s + l.settlement.amount, 0),
        fees: mine.reduce((s, l) => s + l.settlement.fee, 0),
        refunds: -mine
          .filter((l) => l.type === 'refund' || l.type === 'refund_reversal')
          .reduce((s, l) => s + l.settlement.amount, 0),
        updatedAt: now,
      };
      const [saved] = existing
        ? await tx.update(payouts).set(figures).where(eq(payouts.id, id)).returning()
        : await tx
            .insert(payouts)
            .values({
              id,
              projectId,
              provider: 'stripe',
              providerReference: reference,
              createdAt: now,
              ...figures,
            })
            .returning();
      const types = [
        ...(existing ? [] : (['payout.created'] as const)),
        ...(status === 'paid' && existing?.status !== 'paid' ? (['payout.paid'] as const) : []),
      ];
      const data = presentPayout(saved!);
      await recordEvents(
        tx,
        types.map((type) => ({ projectId, type, objectId: id, data, now })),
      );
      return saved!;
    });
    written.push(row);
  }
  return { received: true, handled: written.length > 0 };
}

type Tx = Parameters<Parameters<AppContext['database']['db']['transaction']>[0]>[0];

/**
 * One line's entry: Stripe's fee and net replace the entry's (written with fee 0 when the
 * payment succeeded); an adjustment is found again by Stripe's `txn_…`.
 */
async function writeEntry(tx: Tx, projectId: string, l: Line, payoutId: string | null, arrival: string) {
  const figures = {
    fee: l.fee,
    net: l.net,
    settlementAmount: l.settlement.amount,
    settlementFee: l.settlement.fee,
    settlementNet: l.settlement.net,
    settlementCurrency: l.settlement.currency,
    exchangeRate: l.exchangeRate === null ? null : String(l.exchangeRate),
    providerReference: l.reference,
    description: l.description,
    payoutId,
  };
  const updated = await tx
    .update(balanceEntries)
    .set(figures)
    .where(
      and(
        eq(balanceEntries.projectId, projectId),
        eq(balanceEntries.type, l.type),
        l.type === 'adjustment'
          ? eq(balanceEntries.providerReference, l.reference)
          : and(
              eq(balanceEntries.transactionId, l.transactionId!),
              // A refund entry is its refund's alone, never every refund of the transaction.
              l.type === 'refund' || l.type === 'refund_reversal' ? refundEntry(l.refundId) : sql`true`,
            ),
      ),
    )
    .returning({ id: balanceEntries.id });
  if (updated.length === 0) {
    await tx.insert(balanceEntries).values({
      id: newId('bal'),
      projectId,
      type: l.type,
      transactionId: l.transactionId,
      refundId: l.refundId,
      amount: l.amount,
      currency: l.currency,
      availableOn: arrival,
      createdAt: l.at,
      ...figures,
    });
  }
  if (l.type === 'payment')
    await tx
      .update(transactions)
      .set({ fee: l.fee, payoutId })
      .where(and(eq(transactions.projectId, projectId), eq(transactions.id, l.transactionId!)));
}

/**
 * A charge's or refund's own side, in its currency. Stripe gives the balance transaction in the
 * account's currency; when that differs (`exchange_rate` set), the amount is the charge's or
 * refund's own and Stripe's fee is brought back at the same rate, so a transaction's net stays
 * in its currency and equals the sum of its entries.
 */
function chargeSide(
  bt: Stripe.BalanceTransaction,
  settlement: { amount: number; fee: number; net: number; currency: string },
) {
  const source = bt.source as { amount?: number; currency?: string } | null;
  const rate = bt.exchange_rate;
  if (!rate || !source?.currency || typeof source.amount !== 'number' || source.currency === bt.currency) {
    return {
      amount: settlement.amount,
      fee: settlement.fee,
      net: settlement.net,
      currency: settlement.currency,
    };
  }
  const currency = source.currency.toUpperCase();
  const sign = bt.amount < 0 ? -1 : 1;
  const amount = sign * fromStripeAmount(source.amount, currency);
  const scale = 10 ** (currencyDigits(currency) - currencyDigits(settlement.currency));
  const fee = Math.round((settlement.fee * scale) / rate);
  return { amount, fee, net: amount - fee, currency };
}

function refundIdOf(stripeRefund: string | undefined, ours: Map<string | null, string>): string | null {
  if (!stripeRefund) return null;
  return ours.get(stripeRefund) ?? stripeRefund;
}

const refundEntry = (refundId: string | null) =>
  refundId ? eq(balanceEntries.refundId, refundId) : isNull(balanceEntries.refundId);
