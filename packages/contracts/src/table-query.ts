/**
 * How a server-driven table's sort and filters travel in a list URL, shared by the console
 * (which writes them into its own address bar and the API call) and the list endpoints
 * (which parse them). Stripe's idiom: `?sort=-created_at&amount[gte]=500&reference[contains]=abc`.
 */

/** Seed §9: the filter match modes per column type. */
export const TABLE_MATCH_MODES = {
  text: ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals'],
  numeric: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte'],
  // `dateBetween`: `from,to` as two `yyyy-mm-dd` days, both included (a past month in one rule).
  date: ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter', 'dateBetween'],
} as const;

export type TableColumnType = keyof typeof TABLE_MATCH_MODES;
export type TableMatchMode = (typeof TABLE_MATCH_MODES)[TableColumnType][number];

export interface TableFilter {
  field: string;
  mode: TableMatchMode;
  /** As typed for text, a decimal string for numbers, `yyyy-mm-dd` for dates (`from,to` for `dateBetween`). */
  value: string;
}

export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

const ALL_MODES = new Set<string>(Object.values(TABLE_MATCH_MODES).flat());
const FILTER_KEY = /^([a-z][a-z0-9_]*)\[([A-Za-z]+)\]$/;

export const filterParam = (f: TableFilter): [string, string] => [`${f.field}[${f.mode}]`, f.value];

/** Every `field[mode]=value` pair of a query whose mode is one of seed §9's. */
export function parseFilters(params: URLSearchParams): TableFilter[] {
  const out: TableFilter[] = [];
  for (const [key, value] of params) {
    const m = FILTER_KEY.exec(key);
    if (m?.[1] && m[2] && ALL_MODES.has(m[2]) && value !== '')
      out.push({ field: m[1], mode: m[2] as TableMatchMode, value });
  }
  return out;
}

/** `sort=created_at` ascending, `sort=-created_at` descending. */
export function parseSort(raw: string | null | undefined): TableSort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const field = desc ? raw.slice(1) : raw;
  return /^[a-z][a-z0-9_]*$/.test(field) ? { field, direction: desc ? 'desc' : 'asc' } : null;
}

export const sortParam = (s: TableSort): string => (s.direction === 'desc' ? `-${s.field}` : s.field);
