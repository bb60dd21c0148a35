import { describe, expect, it } from 'vitest';
import { toApiAmounts } from './amount-filter';

describe('transaction amount filters', () => {
  it('sends major units typed by a person as minor units, in the currency of the project', () => {
    expect(
      toApiAmounts({ limit: '25', 'amount[gte]': '12.5', 'status[equals]': 'succeeded' }, 'USD'),
    ).toEqual({
      limit: '25',
      'amount[gte]': '1250',
      'status[equals]': 'succeeded',
    });
    expect(toApiAmounts({ 'amount[lt]': '500' }, 'JPY')).toEqual({ 'amount[lt]': '500' });
    expect(toApiAmounts({ 'amount_refunded[equals]': '1,5' }, 'EUR')).toEqual({
      'amount_refunded[equals]': '150',
    });
    expect(toApiAmounts({ 'amount[equals]': 'abc' }, 'USD')).toEqual({});
  });
});
