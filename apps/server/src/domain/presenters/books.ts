import type { Close, Payout, PayoutItem } from '@scanline/contracts';
import type { balanceEntries, closes, payouts } from '../../db/schema';
import type { HashedClose } from '../books/close-hash';

export type CloseRow = typeof closes.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;
type EntryRow = typeof balanceEntries.$inferSelect;

/** The part of a close its hash covers, exactly as the API shows it. */
export function hashedFieldsOf(c: CloseRow): HashedClose {
  return {
    id: c.id,
    project_id: c.projectId,
    terminal_id: c.terminalId,
    number: c.number,
    opened_at: c.openedAt.toISOString(),
    closed_at: c.closedAt.toISOString(),
    closed_by: c.closedBy,
    totals: c.totals,
    previous_hash: c.previousHash,
  };
}

export function presentClose(c: CloseRow, terminalLabel: string | null): Close {
  return { ...hashedFieldsOf(c), terminal_label: terminalLabel, hash: c.hash };
}

export function presentPayout(p: PayoutRow): Payout {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    arrival_date: p.arrivalDate,
    created_at: p.createdAt.toISOString(),
    payments_count: p.paymentsCount,
    gross: p.gross,
    fees: p.fees,
    refunds: p.refunds,
    provider: p.provider,
  };
}

export function presentPayoutItem(e: EntryRow): PayoutItem {
  return {
    id: e.id,
    type: e.type,
    transaction_id: e.transactionId,
    refund_id: e.refundId,
    amount: e.amount,
    fee: e.fee,
    net: e.net,
    currency: e.currency,
    settlement: {
      amount: e.settlementAmount ?? e.amount,
      fee: e.settlementFee ?? e.fee,
      net: e.settlementNet ?? e.net,
      currency: e.settlementCurrency ?? e.currency,
      exchange_rate: e.exchangeRate === null ? null : Number(e.exchangeRate),
    },
    description: e.description,
    available_on: e.availableOn,
    created_at: e.createdAt.toISOString(),
  };
}
