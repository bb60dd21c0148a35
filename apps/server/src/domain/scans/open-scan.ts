import { createHash } from 'node:crypto';
import type { ShopperLine, ShopperScan, TippingSettings } from '@scanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { type businesses, scans, transactions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { loadLineItems } from '../baskets/load-line-items';
import { recordEvent } from '../events/record-event';
import { chargedAmount, shopperTipping } from '../payments/check-tip';
import { tenderChargeKey } from '../payments/pay-tender';
import { providerFor } from '../payments/provider-for';
import { lastPaymentError, presentScan } from '../presenters/payments';
import { expireAndPublishIfDue } from '../transactions/expire-transactions';
import type { TenderRow } from '../transactions/record-tender-outcome';
import type { TransactionRow } from '../transactions/transition-transaction';
import { loadByPaymentToken, loadScanContext } from './scan-context';
import { shareView } from './share-view';

type BusinessRow = typeof businesses.$inferSelect;
type ScanRow = typeof scans.$inferSelect;

const OPEN_STATUSES = new Set(['pending', 'requires_action', 'processing']);

/** Why a scan cannot lead to a payment: the transaction's state as the shopper page names it. */
function rejectedReason(status: TransactionRow['status']): string | null {
  if (OPEN_STATUSES.has(status)) return null;
  if (status === 'succeeded' || status === 'partially_refunded' || status === 'refunded') return 'paid';
  return status;
}

/**
 * A card share's own PaymentIntent on a Stripe project (docs/guide/tenders.md#stripe-card-shares):
 * made under the share's key with `capture_method: manual`, as paying it through the API would,
 * so Stripe.js on the pay page confirms the very intent the server then reads.
 */
async function stripeShareSession(
  ctx: AppContext,
  txn: TransactionRow,
  tender: TenderRow,
  business: BusinessRow,
) {
  if (txn.provider !== 'stripe' || tender.status !== 'pending') return null;
  const provider = await providerFor(ctx, 'stripe', business);
  const prepared = await provider.prepare!({
    projectId: txn.projectId,
    transactionId: txn.id,
    attemptKey: tenderChargeKey(tender),
    amount: tender.amount + tender.tipAmount,
    currency: txn.currency,
    reference: null,
    captureManually: true,
  }).catch(() => {
    throw new AppError(
      'service_unavailable',
      'The payment provider could not be reached. Try again in a moment.',
    );
  });
  return { publishable_key: business.stripePublishableKey, client_secret: prepared.clientSecret };
}

/** Stripe only: the PaymentIntent's client secret, created once per transaction. */
async function stripeSession(ctx: AppContext, txn: TransactionRow, business: BusinessRow) {
  if (txn.provider !== 'stripe' || !OPEN_STATUSES.has(txn.status)) return null;
  const provider = await providerFor(ctx, 'stripe', business);
  const prepared = await provider.prepare!({
    projectId: txn.projectId,
    transactionId: txn.id,
    amount: txn.amount,
    currency: txn.currency,
    reference: txn.providerReference,
  }).catch(() => {
    throw new AppError(
      'service_unavailable',
      'The payment provider could not be reached. Try again in a moment.',
    );
  });
  if (!txn.providerReference) {
    await ctx.database.db
      .update(transactions)
      .set({ providerReference: prepared.reference })
      .where(
        and(
          eq(transactions.projectId, txn.projectId),
          eq(transactions.id, txn.id),
          isNull(transactions.providerReference),
        ),
      );
  }
  return { publishable_key: business.stripePublishableKey, client_secret: prepared.clientSecret };
}

function presentShopperScan(
  scan: ScanRow,
  txn: TransactionRow,
  label: string | null,
  business: BusinessRow,
  stripe: ShopperScan['stripe'],
  tipping: Partial<TippingSettings> | null,
  lines: ShopperLine[],
): ShopperScan {
  // Only what the shopper's page needs: never the project, other transactions or a card number.
  return {
    id: scan.id,
    transaction: {
      id: txn.id,
      amount: txn.amount,
      currency: txn.currency,
      status: txn.status,
      expires_at: txn.expiresAt.toISOString(),
      failure_code: txn.status === 'failed' ? txn.failureCode : null,
      failure_message: txn.status === 'failed' ? txn.failureMessage : null,
      last_payment_error: txn.status === 'pending' ? lastPaymentError(txn) : null,
      receipt_url: txn.receiptUrl,
      tip_amount: txn.tipAmount,
      amount_total: chargedAmount(txn),
      note: txn.source === 'sticker' ? txn.reference : null,
      ...(lines.length > 0 ? { line_items: lines } : {}),
    },
    // Choices only while it can still be paid.
    tipping: OPEN_STATUSES.has(txn.status) ? shopperTipping(txn, tipping) : null,
    merchant: { name: business.name },
    terminal: { label: label ?? '' },
    provider: txn.provider,
    stripe,
  };
}

/**
 * The basket the shopper pays for, as the receipt lists it. A card share's code pays part of the
 * checkout, not its lines: it shows none.
 */
async function shopperLines(ctx: AppContext, txn: TransactionRow, shared: boolean): Promise<ShopperLine[]> {
  if (shared) return [];
  const lines = await loadLineItems(ctx.database.db, txn.projectId, txn.id);
  return lines.map((l) => ({ name: l.name, quantity: l.quantity, unit_price: l.unit_price, total: l.total }));
}

/**
 * A shopper's phone opened a payment code: records the scan (`opened`, or `rejected` with the
 * reason when the transaction is expired, canceled or already paid) and its `scan.created`
 * event, and answers what the pay page shows.
 */
export async function openScan(
  ctx: AppContext,
  input: { token: string; userAgent?: string; appVersion?: string; ip: string },
): Promise<ShopperScan> {
  const found = await loadByPaymentToken(ctx.database.db, input.token);
  if (!found) throw notFound('Payment code');
  const txn = shareView(await expireAndPublishIfDue(ctx.database, found.txn, ctx.now()), found.tender);
  const reason = rejectedReason(txn.status);
  const stripe = reason
    ? null
    : found.tender
      ? await stripeShareSession(ctx, txn, found.tender, found.business)
      : await stripeSession(ctx, txn, found.business);
  const now = ctx.now();
  const scan = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scans)
      .values({
        id: newId('scn'),
        projectId: txn.projectId,
        transactionId: txn.id,
        tenderId: found.tender?.id ?? null,
        terminalId: txn.terminalId,
        outcome: reason ? 'rejected' : 'opened',
        rejectedReason: reason,
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        appVersion: input.appVersion?.slice(0, 40) ?? null,
        ipHash: createHash('sha256').update(input.ip).digest('hex').slice(0, 32),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(tx, {
      projectId: txn.projectId,
      type: 'scan.created',
      objectId: row!.id,
      data: presentScan(row!, found.label),
      now,
    });
    return row!;
  });
  const lines = await shopperLines(ctx, txn, Boolean(found.tender));
  return presentShopperScan(scan, txn, found.label, found.business, stripe, found.project.tipping, lines);
}

/** `GET /mobile/v1/scans/{id}`: the scan's transaction as it is now. */
export async function getShopperScan(ctx: AppContext, scanId: string): Promise<ShopperScan> {
  const found = await loadScanContext(ctx.database.db, scanId);
  const txn = shareView(
    await expireAndPublishIfDue(ctx.database, found.txn, ctx.now()),
    found.tender?.id ? found.tender : null,
  );
  const stripe = found.tender?.id
    ? OPEN_STATUSES.has(txn.status)
      ? await stripeShareSession(ctx, txn, found.tender, found.business)
      : null
    : await stripeSession(ctx, txn, found.business);
  const lines = await shopperLines(ctx, txn, Boolean(found.tender?.id));
  return presentShopperScan(found.scan, txn, found.label, found.business, stripe, found.tipping, lines);
}
