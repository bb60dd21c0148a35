import type { AuditEntry } from '@scanline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n/current-locale';
import { formatMoney } from '../../lib/money';
import { loadCatalogueForTests, loadEnglishCatalogue } from '../../messages/english-for-tests';
import { auditActor, auditTarget, describeAuditAction } from './audit-actions';

// The line as the audit log draws it: one sentence with the target by name in it, then the detail.
const line = (entry: AuditEntry) => {
  const { id, values, detail } = describeAuditAction(entry);
  const sentence = translate(id!, {
    ...values,
    target: auditTarget(entry),
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
    actor_name: 'Ada',
    target: null,
    target_label: null,
    target_name: null,
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
        target_name: `${formatMoney(1280, 'EUR')} (txn_abc)`,
        metadata: { amount: 500, currency: 'EUR', reason: 'requested_by_customer' },
      }),
    );
    expect(text).toBe(
      `refunded ${formatMoney(500, 'EUR')} of ${formatMoney(1280, 'EUR')} (txn_abc) · requested by the customer`,
    );
  });

  it('puts the target where the sentence wants it, not after a fragment', () => {
    expect(
      line(
        entry({
          action: 'terminal.pin_locked',
          target: 'ter_1',
          target_label: 'Front till',
          target_name: 'Front till',
        }),
      ),
    ).toBe('locked PIN sign-in on the terminal Front till after too many wrong PINs');
  });

  it('keeps the other actions as they were', () => {
    expect(
      line(
        entry({
          action: 'member.role_changed',
          target: 'uid_ada',
          target_label: 'Ada Lovelace',
          target_name: 'Ada Lovelace',
          metadata: { from: 'member', to: 'admin' },
        }),
      ),
    ).toBe('changed the role of Ada Lovelace · member → admin');
  });
});

describe('audit lines in German: no English label, fragment or enum', () => {
  beforeAll(() => loadCatalogueForTests('de'));
  afterAll(() => loadEnglishCatalogue());

  it('names the actor in German: a terminal, an API key, and the ones that are gone', () => {
    const by = (over: Partial<AuditEntry>) => auditActor(entry(over));
    expect(by({ actor_kind: 'terminal', actor_label: 'Terminal Theke', actor_name: 'Theke' })).toBe(
      'Terminal Theke',
    );
    expect(
      by({ actor_kind: 'api_key', actor_label: 'API key Kasse (sl_1…)', actor_name: 'Kasse (sl_1…)' }),
    ).toBe('API-Schlüssel Kasse (sl_1…)');
    expect(by({ actor_kind: 'api_key', actor_label: 'A deleted API key', actor_name: null })).toBe(
      'Ein gelöschter API-Schlüssel',
    );
    expect(by({ actor_kind: 'terminal', actor_label: 'A deleted terminal', actor_name: null })).toBe(
      'Ein gelöschtes Terminal',
    );
    expect(by({ actor_kind: 'user', actor_label: 'A former member', actor_name: null })).toBe(
      'Ein ehemaliges Mitglied',
    );
  });

  it('the target: the project and a former member in German', () => {
    expect(auditTarget(entry({ target: 'prj_1', target_label: 'this project' }))).toBe('dieses Projekt');
    expect(auditTarget(entry({ target: 'uid_gone', target_label: 'A former member' }))).toBe(
      'Ein ehemaliges Mitglied',
    );
  });

  it('roles and refund reasons by their German words, one whole sentence per action', () => {
    const role = line(
      entry({
        action: 'member.role_changed',
        target: 'uid_ada',
        target_name: 'Ada',
        metadata: { from: 'member', to: 'admin' },
      }),
    );
    expect(role).not.toMatch(/\bmember\b|\badmin\b/);
    const refund = line(
      entry({
        action: 'transaction.refund_requested',
        target: 'txn_abc',
        target_name: 'txn_abc',
        metadata: { amount: 500, currency: 'EUR', reason: 'requested_by_customer' },
      }),
    );
    expect(refund).not.toMatch(/requested|customer/);
    const staff = line(
      entry({ action: 'staff.created', target: 'stf_1', target_name: 'Ana', metadata: { role: 'manager' } }),
    );
    expect(staff).not.toMatch(/\bmanager\b/);
  });
});
