import { describe, expect, it } from 'vitest';
import { zonedIso } from './zoned-time';

describe('zonedIso', () => {
  it('writes local time with the offset of that moment, the same instant as the UTC one', () => {
    const winter = new Date('2026-11-28T10:00:00.400Z');
    const summer = new Date('2026-07-01T22:30:05Z');
    expect(zonedIso(winter, 'Europe/Berlin')).toBe('2026-11-28T11:00:00+01:00');
    expect(zonedIso(summer, 'Europe/Berlin')).toBe('2026-07-02T00:30:05+02:00');
    expect(zonedIso(winter, 'UTC')).toBe('2026-11-28T10:00:00+00:00');
    expect(zonedIso(winter, 'America/New_York')).toBe('2026-11-28T05:00:00-05:00');
    expect(zonedIso(winter, 'Asia/Kolkata')).toBe('2026-11-28T15:30:00+05:30');
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'])
      expect(new Date(zonedIso(summer, zone)).getTime()).toBe(summer.getTime());
  });
});
