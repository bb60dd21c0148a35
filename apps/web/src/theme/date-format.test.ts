import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { datePattern, formatDate, setDateFormat, setDisplayTimeZone } from './date-format';

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
afterEach(() => setDisplayTimeZone(undefined));

describe('dates (issue 19)', () => {
  it('writes dates as the language does unless a format is chosen; mm/dd/yy stays en-US', () => {
    expect(datePattern('auto', 'en-US')).toBe('mm/dd/yy');
    expect(datePattern('auto', 'de-DE')).toBe('dd.mm.yy');
    expect(datePattern('auto', 'en-GB')).toBe('dd/mm/yy');
    expect(datePattern('auto', 'sv-SE')).toBe('yy-mm-dd');
    expect(datePattern('yy-mm-dd', 'de-DE')).toBe('yy-mm-dd');
  });

  it("shows times in the project's zone while one is set, with seconds for timelines", () => {
    setDateFormat('mm/dd/yy');
    const late = '2026-11-25T23:30:05Z';
    setDisplayTimeZone('Europe/Berlin');
    expect(formatDate(late)).toBe('11/26/26 00:30');
    expect(formatDate(late, 'seconds')).toBe('11/26/26 00:30:05');
    setDisplayTimeZone('America/New_York');
    expect(formatDate(late, false)).toBe('11/25/26');
    setDateFormat('dd/mm/yy');
    expect(formatDate(late)).toBe('25/11/26 18:30');
  });

  it('shows a dash for nothing or an invalid date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
