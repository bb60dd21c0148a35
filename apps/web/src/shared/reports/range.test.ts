import { beforeAll, describe, expect, it } from 'vitest';
import { setCurrentIntlLocale } from '../../lib/i18n/current-locale';
import { loadEnglishCatalogue } from '../../messages/english-for-tests';
import { declinedHint, refundsHint, scansHint } from './range';

beforeAll(() => {
  setCurrentIntlLocale('en');
  loadEnglishCatalogue();
});

describe('dashboard counts', () => {
  it('says "1 refund" and "2 refunds"', () => {
    expect(refundsHint(1)).toBe('1 refund');
    expect(refundsHint(0)).toBe('0 refunds');
    expect(scansHint(2)).toBe('2 scans');
    expect(scansHint(1204)).toMatch(/^1.?204 scans$/);
  });
});

describe('declined cards under the success rate', () => {
  it('counts every declined card and says which a second card rescued', () => {
    // Was "0 declined" after a decline a second card rescued: the figure counted failed payments.
    expect(declinedHint({ declined: 1, rescued: 1 })).toBe('1 declined card · 1 rescued by another card');
    expect(declinedHint({ declined: 4, rescued: 1 })).toBe('4 declined cards · 1 rescued by another card');
    expect(declinedHint({ declined: 0, rescued: 0 })).toBe('0 declined cards');
  });
});
