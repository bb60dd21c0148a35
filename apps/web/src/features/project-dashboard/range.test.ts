import { describe, expect, it } from 'vitest';
import { countOf } from './range';

describe('dashboard counts (issue 19)', () => {
  it('says "1 refund" and "2 refunds"', () => {
    expect(countOf(1, 'refund', 'refunds')).toBe('1 refund');
    expect(countOf(0, 'refund', 'refunds')).toBe('0 refunds');
    expect(countOf(2, 'scan', 'scans')).toBe('2 scans');
    expect(countOf(1204, 'scan', 'scans')).toMatch(/^1.?204 scans$/);
  });
});
