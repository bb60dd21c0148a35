import type { AuditEntry } from '@scanline/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n/current-locale';
import { formatMoney } from '../../lib/money';
import { loadEnglishCatalogue } from '../../messages/english-for-tests';
import { describeAuditAction } from './audit-actions';

// The line as the audit log draws it: one sentence with the target by name in it, then the detail.
const line = (entry: AuditEntry) => {
  const { id, values, detail } = describeAuditAction(entry);
  const sentence = translate(id!, {
    ...values,
    target: entry.target_label ?? '',
    t: ((chunks: string[]) => chunks.join('')) as never,
  });
  return sentence + (detail ? ` · ${detail}` : '');
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
  it('a partial refund reads "refunded €5.00 of €12.80", not as if all of it went back', () => {
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

  it('puts the target where the sentence wants it, not after a fragment', () => {
    expect(line(entry({ action: 'terminal.pin_locked', target: 'ter_1', target_label: 'Front till' }))).toBe(
      'locked PIN sign-in on the terminal Front till after too many wrong PINs',
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
