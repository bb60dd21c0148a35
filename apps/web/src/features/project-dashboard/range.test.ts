import { describe, expect, it } from 'vitest';
import { countOf, declinedHint } from './range';

describe('dashboard counts (issue 19)', () => {
  it('says "1 refund" and "2 refunds"', () => {
    expect(countOf(1, 'refund', 'refunds')).toBe('1 refund');
    expect(countOf(0, 'refund', 'refunds')).toBe('0 refunds');
    expect(countOf(2, 'scan', 'scans')).toBe('2 scans');
    expect(countOf(1204, 'scan', 'scans')).toMatch(/^1.?204 scans$/);
  });
});

describe('declined cards under the success rate (issue 31 §6)', () => {
  it('counts every declined card and says which a second card rescued', () => {
    // Was "0 declined" after a decline a second card rescued: the figure counted failed payments.
    expect(declinedHint({ declined: 1, rescued: 1 })).toBe('1 declined card · 1 rescued by another card');
    expect(declinedHint({ declined: 4, rescued: 1 })).toBe('4 declined cards · 1 rescued by another card');
    expect(declinedHint({ declined: 0, rescued: 0 })).toBe('0 declined cards');
  });
});
