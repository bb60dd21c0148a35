import { type LocaleOptions, localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { calendarNames, primeLocaleFor } from './prime-locale';

describe('PrimeReact day and month names, derived from Intl', () => {
  it('gives German users the names they read (Sunday first, 7 days, 12 months)', () => {
    const de = calendarNames('de');
    expect(de.dayNames).toEqual([
      'Sonntag',
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
    ]);
    expect(de.monthNames?.[2]).toBe('März');
    expect(de.monthNames?.[11]).toBe('Dezember');
    expect(de.monthNamesShort?.[2]).toBe('Mär');
    expect(de.dayNamesShort?.[1]).toBe('Mo');
    for (const list of [de.dayNames, de.dayNamesShort, de.dayNamesMin]) expect(list).toHaveLength(7);
    for (const list of [de.monthNames, de.monthNamesShort]) expect(list).toHaveLength(12);
  });

  it('heads the calendar columns with names that tell the days apart', () => {
    // German narrow names repeat (S M D M D F S): the short ones instead.
    expect(calendarNames('de').dayNamesMin).toEqual(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa']);
    // Spanish narrow names are all different (X for miércoles).
    expect(calendarNames('es').dayNamesMin).toEqual(['D', 'L', 'M', 'X', 'J', 'V', 'S']);
    for (const locale of ['de', 'fr', 'es']) expect(new Set(calendarNames(locale).dayNamesMin).size).toBe(7);
  });

  it('hands them to PrimeReact with the hand-written words and the week starting Monday', () => {
    expect(primeLocaleFor('de')).toBe('de');
    // PrimeReact types what it hands back as a bare object.
    const options = localeOptions('de') as LocaleOptions;
    expect(options.dayNames?.[1]).toBe('Montag');
    expect(options.monthNames?.[2]).toBe('März');
    expect(options.firstDayOfWeek).toBe(1);
    expect(options.accept).toBe('Ja');
    expect(primeLocaleFor('en-XA')).toBe('en');
  });
});
