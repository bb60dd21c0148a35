import { describe, expect, it } from 'vitest';
import { filterParam, parseFilters, parseSort, sortParam, TABLE_MATCH_MODES } from './table-query';

describe('table query in the URL', () => {
  it('has seed §9 match modes per column type', () => {
    expect(TABLE_MATCH_MODES.text).toEqual([
      'startsWith',
      'contains',
      'notContains',
      'endsWith',
      'equals',
      'notEquals',
    ]);
    expect(TABLE_MATCH_MODES.numeric).toEqual(['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte']);
    expect(TABLE_MATCH_MODES.date).toEqual(['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter', 'dateBetween']);
  });

  it('round-trips filters and ignores unknown modes, empty values and other params', () => {
    const params = new URLSearchParams();
    params.set(...filterParam({ field: 'amount', mode: 'gte', value: '500' }));
    params.set(...filterParam({ field: 'created_at', mode: 'dateBefore', value: '2026-11-01' }));
    params.set('reference[matches]', 'x');
    params.set('status[equals]', '');
    params.set('pages', 'txn_1');
    expect(parseFilters(params)).toEqual([
      { field: 'amount', mode: 'gte', value: '500' },
      { field: 'created_at', mode: 'dateBefore', value: '2026-11-01' },
    ]);
  });

  it('reads and writes the sort', () => {
    expect(parseSort('-created_at')).toEqual({ field: 'created_at', direction: 'desc' });
    expect(parseSort('amount')).toEqual({ field: 'amount', direction: 'asc' });
    expect(parseSort('-Bad-Field')).toBeNull();
    expect(parseSort(null)).toBeNull();
    expect(sortParam({ field: 'created_at', direction: 'desc' })).toBe('-created_at');
  });
});
