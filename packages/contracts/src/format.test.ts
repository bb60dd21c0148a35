import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';
import { formatMoney, formatPercent, formattingLocale } from './format';

// Intl writes spaces as U+00A0 or U+202F; the tests compare the words.
const spaced = (s: string) => s.replace(/[\u00A0\u202F]/g, ' ');

describe('formats through Intl in the reader’s locale (docs/i18n/rules.md#formats)', () => {
  it('keeps the reader’s region and writes pt as Portugal', () => {
    expect(formattingLocale('de', ['de-AT', 'en'])).toBe('de-AT');
    expect(formattingLocale('de', ['en-US', 'de-CH'])).toBe('de-CH');
    expect(formattingLocale('de', ['de', 'en-US'])).toBe('de');
    expect(formattingLocale('pt', ['en-US'])).toBe('pt-PT');
    expect(formattingLocale('pt', ['pt_br'])).toBe('pt-BR');
    expect(formattingLocale('en-XA', ['de-AT'])).toBe('en');
    expect(spaced(formatMoney(123456, 'EUR', formattingLocale('de', ['de-AT'])))).toBe('€ 1.234,56');
    expect(spaced(formatMoney(123456, 'CHF', formattingLocale('de', ['de-CH'])))).toBe("CHF 1'234.56");
    expect(spaced(formatMoney(123456, 'EUR', formattingLocale('pt')))).toBe('1234,56 €');
  });

  it('writes a taken-back amount with the locale’s minus sign and percentages with its spacing', () => {
    expect(formatMoney(400, 'EUR', 'en-US', { sign: 'negative' })).toBe('-€4.00');
    expect(spaced(formatMoney(400, 'EUR', 'de-DE', { sign: 'negative' }))).toBe('-4,00 €');
    expect(formatMoney(-400, 'EUR', 'en-US', { sign: 'negative' })).toBe('-€4.00');
    // Nothing refunded reads as zero, never as a negative zero.
    expect(formatMoney(0, 'USD', 'en-US', { sign: 'negative' })).toBe('$0.00');
    expect(formatPercent(19, 'en-US')).toBe('19%');
    expect(spaced(formatPercent(19, 'de-DE'))).toBe('19 %');
    expect(spaced(formatPercent(5.5, 'fr-FR'))).toBe('5,5 %');
  });

  it('writes the clock and the zone’s name as the locale does, no AM/PM by hand', () => {
    const at = '2026-11-26T14:05:00Z';
    expect(
      spaced(formatDateTime(at, { timeZone: 'America/New_York', locale: 'en-US', withZone: true })),
    ).toBe('11/26/26 9:05 AM EST');
    expect(formatDateTime(at, { timeZone: 'America/New_York', locale: 'de-DE', withZone: true })).toBe(
      '26.11.26 09:05 GMT-5',
    );
    expect(spaced(formatDateTime(at, { timeZone: 'Europe/Paris', locale: 'fr-FR', withZone: true }))).toBe(
      '26/11/26 15:05 UTC+1',
    );
  });
});
