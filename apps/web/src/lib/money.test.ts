import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './money';

describe('toMinorUnits: money typed by a person, in the language it is shown in', () => {
  it('reads German separators: "1.234,50" is €1,234.50, not €1.23', () => {
    expect(toMinorUnits('1.234,50', 'EUR', 'de')).toBe(123450);
    expect(toMinorUnits('24,75', 'EUR', 'de')).toBe(2475);
    expect(toMinorUnits('1.234', 'EUR', 'de')).toBe(123400);
    // A dot the person meant as the decimal sign.
    expect(toMinorUnits('12.5', 'EUR', 'de')).toBe(1250);
  });
  it('reads English separators', () => {
    expect(toMinorUnits('1,234.50', 'USD', 'en')).toBe(123450);
    expect(toMinorUnits('12,50', 'USD', 'en')).toBe(1250);
    expect(toMinorUnits('12.5', 'USD', 'en')).toBe(1250);
  });
  it('reads French spaces and refuses what is not a number', () => {
    expect(toMinorUnits('1 234,50', 'EUR', 'fr')).toBe(123450);
    expect(toMinorUnits('abc', 'EUR', 'de')).toBeNull();
    expect(toMinorUnits('', 'EUR', 'de')).toBeNull();
  });
});
