import type { AuditEntry } from '@scanline/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/money';
import { loadEnglishCatalogue } from '../../messages/english-for-tests';
import { describeAuditAction } from './audit-actions';

// The line as the audit log draws it: verb, the target by name, then the detail.
const line = (entry: AuditEntry) => {
  const { verb, detail } = describeAuditAction(entry);
  return [verb, entry.target_label].filter(Boolean).join(' ') + (detail ? ` · ${detail}` : '');
};

const entry = (over: Partial<AuditEntry>) =>
  ({
    id: 'aud_1',
    action: 'project.updated',
    actor_kind: 'user',
    actor_id: 'u1',
    actor_email: null,
    actor_label: 'Ada',
    target: null,
    target_label: null,
    metadata: {},
    ip: null,
    created_at: '2026-11-26T10:00:00.000Z',
    ...over,
  }) as AuditEntry;

describe('audit lines', () => {
  beforeAll(loadEnglishCatalogue);
  it('a partial refund reads "refunded €5.00 of €12.80", not as if all of it went back (issue 31 §12)', () => {
    const text = line(
      entry({
        action: 'transaction.refund_requested',
        target: 'txn_abc',
        target_label: `${formatMoney(1280, 'EUR')} (txn_abc)`,
        metadata: { amount: 500, currency: 'EUR', reason: 'requested_by_customer' },
      }),
    );
    expect(text).toBe(
      `refunded ${formatMoney(500, 'EUR')} of ${formatMoney(1280, 'EUR')} (txn_abc) · requested by customer`,
    );
  });

  it('keeps the other actions as they were', () => {
    expect(
      line(
        entry({
          action: 'member.role_changed',
          target_label: 'Ada Lovelace',
          metadata: { from: 'member', to: 'admin' },
        }),
      ),
    ).toBe('changed the role of Ada Lovelace · member → admin');
  });
});
