import type { TransactionDetail } from '@scanline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { loadCatalogueForTests, loadEnglishCatalogue } from '../../messages/english-for-tests';
import { refundFailedText } from '../../shared/transactions/status';
import { buildTimeline } from './timeline';

loadEnglishCatalogue();

const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s)).toISOString();

describe('transaction timeline', () => {
  it('tells created, scanned, attempts, succeeded and refunds in time order', () => {
    const t = {
      id: 'txn_1',
      amount: 1250,
      currency: 'USD',
      terminal_id: 'trm_1',
      terminal_label: 'Front counter',
      status_history: [
        { from: null, status: 'pending', reason: null, at: at(0) },
        { from: 'pending', status: 'processing', reason: null, at: at(20) },
        { from: 'processing', status: 'succeeded', reason: null, at: at(21) },
        { from: 'succeeded', status: 'refunded', reason: null, at: at(60) },
      ],
      scans: [{ id: 'scn_1', outcome: 'paid', rejected_reason: null, user_agent: null, created_at: at(10) }],
      payment_attempts: [
        {
          id: 'pat_1',
          status: 'failed',
          payment_method: 'pm_card_chargeDeclined',
          card_brand: 'visa',
          card_last4: '0002',
          failure_code: 'card_declined',
          failure_message: null,
          created_at: at(15),
        },
        {
          id: 'pat_2',
          status: 'succeeded',
          payment_method: 'pm_card_visa',
          card_brand: 'visa',
          card_last4: '4242',
          failure_code: null,
          failure_message: null,
          created_at: at(20),
        },
      ],
      refunds: [
        {
          id: 'rfd_1',
          amount: 1250,
          currency: 'USD',
          reason: 'duplicate',
          status: 'succeeded',
          created_at: at(60),
        },
      ],
    } as unknown as TransactionDetail;
    const entries = buildTimeline(t);
    expect(entries.map((e) => e.title)).toEqual([
      'Created',
      'Scanned',
      'Payment attempt failed',
      'Processing',
      'Payment attempt succeeded',
      'Succeeded',
      'Refunded',
      'Refund of $12.50',
    ]);
    expect(entries[0]?.detail).toBe('$12.50 at Front counter');
    expect(entries[2]?.detail).toBe('Visa •••• 0002 · the card was declined (card_declined)');
    expect(entries.at(-1)?.detail).toBe('Reason: duplicate');
  });
});

describe('the timeline in German has no English from the server or the provider', () => {
  beforeAll(() => loadCatalogueForTests('de'));
  afterAll(() => loadEnglishCatalogue());

  it('a decline by its code, a status change by its reason, a refused scan by the status', () => {
    const t = {
      id: 'txn_2',
      amount: 500,
      currency: 'EUR',
      terminal_id: 'trm_1',
      terminal_label: 'Theke',
      status_history: [
        { from: null, status: 'pending', reason: null, at: at(0) },
        { from: 'pending', status: 'processing', reason: 'provider_reported', at: at(20) },
        { from: 'processing', status: 'pending', reason: 'not_charged', at: at(21) },
      ],
      scans: [
        {
          id: 'scn_1',
          outcome: 'rejected',
          rejected_reason: 'expired',
          user_agent: null,
          created_at: at(10),
        },
      ],
      payment_attempts: [
        {
          id: 'pat_1',
          status: 'failed',
          payment_method: 'pm_card_visa',
          card_brand: 'visa',
          card_last4: '0002',
          failure_code: 'insufficient_funds',
          failure_message: 'Your card has insufficient funds.',
          created_at: at(15),
        },
      ],
      refunds: [],
    } as unknown as TransactionDetail;
    const details = buildTimeline(t).map((e) => e.detail ?? '');
    expect(details.join(' | ')).not.toMatch(/insufficient funds|provider_reported|not_charged|\bexpired\b/i);
    expect(details).toContain('Visa •••• 0002 · Deckung nicht ausreichend (insufficient_funds)');
    expect(details).toContain('vom Zahlungsanbieter gemeldet');
    expect(details).toContain('nichts wurde belastet');
  });
});

describe('a refused refund in German, by its code', () => {
  beforeAll(() => loadCatalogueForTests('de'));
  afterAll(() => loadEnglishCatalogue());

  it('never shows the server’s English detail', () => {
    const exceeded = new ApiError(
      'Refund amount exceeds the remaining 3.00 (server English)',
      409,
      'refund_exceeds_amount',
    );
    expect(refundFailedText(exceeded)).toMatch(/^Es ist weniger zu erstatten übrig/);
    const other = new ApiError('Upstream provider error (server English)', 502, 'provider_error');
    expect(refundFailedText(other)).toBe(
      'Die Erstattung ist nicht durchgegangen (Fehler provider_error). Versuchen Sie es gleich noch einmal.',
    );
    expect(refundFailedText(new TypeError('Failed to fetch'))).toContain('browser');
  });
});
