/**
 * The shape of a demo project's history: how many payments fall in each local hour
 * of each local day. A café-like rhythm: closed at night, a morning rush, a lunch peak, an
 * evening bump; busier on Fridays and Saturdays, quiet on Sundays, growing slowly.
 */
const HOUR_PROFILE = [
  0, 0, 0, 0, 0, 0, 0.2, 0.8, 1.6, 1.3, 1.1, 1.5, 2.4, 2.2, 1.2, 1, 1.1, 1.6, 1.9, 1.5, 0.9, 0.4, 0.1, 0,
];
// Sunday first, as getUTCDay counts.
const WEEKDAY = [0.7, 0.85, 0.9, 0.95, 1, 1.25, 1.35];

export interface Slot {
  /** Local wall-clock hour start, `yyyy-mm-dd HH:00`. */
  h: string;
  n: number;
}

const DAY_MS = 86_400_000;

export function localToday(timeZone: string, now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** Spreads `total` payments over the last `days` local days, up to the current local hour. */
export function planSlots({
  total,
  days,
  timeZone,
  now,
  random,
}: {
  total: number;
  days: number;
  timeZone: string;
  now: Date;
  random: () => number;
}): Slot[] {
  const today = localToday(timeZone, now);
  const end = Date.parse(`${today.day}T00:00:00Z`);
  const weighted: { h: string; w: number }[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const dayMs = end - d * DAY_MS;
    const date = new Date(dayMs);
    const day = date.toISOString().slice(0, 10);
    const growth = 1 + 0.004 * (days - d);
    for (let hour = 0; hour < 24; hour++) {
      if (d === 0 && hour >= today.hour) break;
      const w = HOUR_PROFILE[hour]! * WEEKDAY[date.getUTCDay()]! * growth * (0.85 + 0.3 * random());
      if (w > 0) weighted.push({ h: `${day} ${String(hour).padStart(2, '0')}:00`, w });
    }
  }
  const sum = weighted.reduce((s, x) => s + x.w, 0);
  const slots = weighted.map((x) => ({ h: x.h, n: Math.floor((total * x.w) / sum), w: x.w }));
  let left = total - slots.reduce((s, x) => s + x.n, 0);
  for (let i = 0; left > 0 && slots.length > 0; i = (i + 1) % slots.length, left--) slots[i]!.n += 1;
  return slots.filter((s) => s.n > 0).map(({ h, n }) => ({ h, n }));
}

/** Consecutive slots grouped so each batch inserts at most `max` payments. */
export function batchesOf(slots: Slot[], max: number): Slot[][] {
  const out: Slot[][] = [];
  let current: Slot[] = [];
  let size = 0;
  for (const s of slots) {
    if (size + s.n > max && current.length) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(s);
    size += s.n;
  }
  if (current.length) out.push(current);
  return out;
}
