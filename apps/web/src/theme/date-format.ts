const KEY = 'scanline.date-format';
export const DATE_FORMATS = ['mm/dd/yy', 'dd/mm/yy', 'yy-mm-dd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Seed §9: dates show mm/dd/yy unless the user picks another format in settings. */
export function getDateFormat(): DateFormat {
  const v = localStorage.getItem(KEY);
  return (DATE_FORMATS as readonly string[]).includes(v ?? '') ? (v as DateFormat) : 'mm/dd/yy';
}

export function setDateFormat(format: DateFormat) {
  localStorage.setItem(KEY, format);
}

/** A date in the user's zone, in their format, with the time. */
export function formatDate(value: Date | string | number | null | undefined, withTime = true): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  const yy = p(d.getFullYear() % 100);
  const date = {
    'mm/dd/yy': `${p(d.getMonth() + 1)}/${p(d.getDate())}/${yy}`,
    'dd/mm/yy': `${p(d.getDate())}/${p(d.getMonth() + 1)}/${yy}`,
    'yy-mm-dd': `${yy}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
  }[getDateFormat()];
  return withTime ? `${date} ${p(d.getHours())}:${p(d.getMinutes())}` : date;
}
