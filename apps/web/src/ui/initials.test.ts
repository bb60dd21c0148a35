import { describe, expect, it } from 'vitest';
import { initialOf } from './initials';

describe('avatar initials', () => {
  it('takes a whole first character, never half a surrogate pair', () => {
    expect(initialOf('ada lovelace')).toBe('A');
    expect(initialOf('  émile')).toBe('É');
    expect(initialOf('😀 Happy')).toBe('😀');
    expect(initialOf('🇩🇪 Berlin store')).toBe('🇩🇪');
    expect(initialOf('👩‍💻 dev')).toBe('👩‍💻');
    expect(initialOf('')).toBe('?');
  });
});
