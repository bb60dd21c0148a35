const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as local time in a zone with that zone's offset: 2026-11-28T10:00:00Z in Europe/Berlin
 * is "2026-11-28T11:00:00+01:00". What the exports write (docs/guide/dashboard-and-exports.md#csv-exports):
 * the shop's own clock, and still one exact instant for any program that reads ISO 8601.
 */
export function zonedIso(at: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(at)) p[part.type] = part.value;
  // "GMT+01:00", or "GMT" for a zero offset.
  const offset = (p.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}
