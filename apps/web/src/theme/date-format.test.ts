import { formatCalendarDay, formatDateTime } from '@scanline/contracts/date-time';
import { beforeEach, describe, expect, it } from 'vitest';
import { datePattern, formatDate, setDateFormat } from './date-format';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
  });
});

describe('dates', () => {
  it('writes dates as the language does unless a format is chosen; mm/dd/yy stays en-US', () => {
    expect(datePattern('auto', 'en-US')).toBe('mm/dd/yy');
    expect(datePattern('auto', 'de-DE')).toBe('dd.mm.yy');
    expect(datePattern('auto', 'en-GB')).toBe('dd/mm/yy');
    expect(datePattern('auto', 'sv-SE')).toBe('yy-mm-dd');
    expect(datePattern('yy-mm-dd', 'de-DE')).toBe('yy-mm-dd');
  });

  it('shows times in the zone it is given, in the chosen pattern, with seconds for timelines', () => {
    setDateFormat('mm/dd/yy');
    const late = '2026-11-25T23:30:05Z';
    const en = { locale: 'en-GB' };
    expect(formatDate(late, true, 'Europe/Berlin', en)).toBe('11/26/26 00:30');
    expect(formatDate(late, 'seconds', 'Europe/Berlin', en)).toBe('11/26/26 00:30:05');
    expect(formatDate(late, false, 'America/New_York', en)).toBe('11/25/26');
    setDateFormat('dd/mm/yy');
    expect(formatDate(late, true, 'America/New_York', en)).toBe('25/11/26 18:30');
  });

  it('reads the clock as the language does: 12 hours in en-US, 24 in de-DE', () => {
    const at = '2026-11-26T02:27:00Z';
    expect(formatDateTime(at, { timeZone: 'Europe/Berlin', locale: 'en-US' })).toBe('11/26/26 3:27 AM');
    expect(
      formatDateTime('2026-11-26T14:05:09Z', { timeZone: 'UTC', locale: 'en-US', withTime: 'seconds' }),
    ).toBe('11/26/26 2:05:09 PM');
    expect(formatDateTime('2026-11-26T00:05:00Z', { timeZone: 'UTC', locale: 'en-US' })).toBe(
      '11/26/26 12:05 AM',
    );
    expect(formatDateTime(at, { timeZone: 'Europe/Berlin', locale: 'de-DE' })).toBe('26.11.26 03:27');
    expect(formatDateTime(at, { timeZone: 'Europe/Berlin', locale: 'de-DE', pattern: 'yy-mm-dd' })).toBe(
      '26-11-26 03:27',
    );
  });

  it('names the zone where the reader may be elsewhere, and keeps calendar days unshifted', () => {
    expect(
      formatDateTime('2026-11-26T02:26:57Z', { timeZone: 'Europe/Berlin', locale: 'de-DE', withZone: true }),
    ).toBe('26.11.26 03:26 MEZ');
    expect(formatDateTime('2026-11-26T02:26:57Z', { timeZone: 'UTC', locale: 'en-GB', withZone: true })).toBe(
      '26/11/26 02:26 UTC',
    );
    expect(formatCalendarDay('2026-10-28', { pattern: 'dd/mm/yy' })).toBe('28/10/26');
    expect(formatCalendarDay('2026-10-28', { locale: 'en-US' })).toBe('10/28/26');
  });

  it('shows a dash for nothing or an invalid date, and falls back to UTC for an unknown zone', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('2026-11-26T02:26:00Z', { timeZone: 'Mars/Olympus', locale: 'de-DE' })).toBe(
      '26.11.26 02:26',
    );
  });
});
