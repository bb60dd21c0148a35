import type { Page } from '@scanline/contracts';

/**
 * Cursor pages over an already ordered, bounded list (a user's businesses, projects, keys:
 * at most a few hundred rows). Large lists (members, audit) page in SQL instead.
 */
export function pageOf<T>(
  rows: T[],
  idOf: (row: T) => string,
  limit: number,
  startingAfter?: string,
): Page<T> {
  let start = 0;
  if (startingAfter) {
    const at = rows.findIndex((r) => idOf(r) === startingAfter);
    start = at === -1 ? rows.length : at + 1;
  }
  const data = rows.slice(start, start + limit);
  const more = start + limit < rows.length;
  return { data, next_cursor: more && data.length ? idOf(data[data.length - 1]!) : null };
}
