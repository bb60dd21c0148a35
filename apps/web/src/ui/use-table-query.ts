import {
  filterParam,
  PAGE_LIMIT_DEFAULT,
  parseFilters,
  parseSort,
  sortParam,
  type TableFilter,
  type TableSort,
} from '@scanline/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A server-driven table's state, held in the address bar (docs/develop/conventions.md#web) so a view can
 * be bookmarked and shared: `sort`, `field[mode]=value` filters, and `pages`, the cursors
 * of the pages walked so far (cursor pagination has no page numbers; the trail makes
 * "Previous" work after a reload too).
 */
export interface TableQuery {
  sort: TableSort | null;
  filters: TableFilter[];
  /** The cursor of the page shown (`starting_after`), or undefined on the first page. */
  cursor: string | undefined;
  pageIndex: number;
  limit: number;
  /** The query for the API call: limit, starting_after, sort and filters. */
  apiQuery: Record<string, string>;
  setSort(sort: TableSort | null): void;
  setFilters(filters: TableFilter[]): void;
  next(cursor: string): void;
  previous(): void;
}

export function useTableQuery(limit = PAGE_LIMIT_DEFAULT): TableQuery {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const filters = useMemo(() => parseFilters(params), [params]);
  const trail = (params.get('pages') ?? '').split(',').filter(Boolean);
  const cursor = trail.at(-1);

  // Any change of sort or filters starts again at the first page; other params stay.
  const write = useCallback(
    (change: (p: URLSearchParams) => void, resetPages: boolean) =>
      setParams((old) => {
        const p = new URLSearchParams(old);
        if (resetPages) p.delete('pages');
        change(p);
        return p;
      }),
    [setParams],
  );

  const apiQuery: Record<string, string> = { limit: String(limit) };
  if (cursor) apiQuery.starting_after = cursor;
  if (sort) apiQuery.sort = sortParam(sort);
  for (const f of filters) {
    const [k, v] = filterParam(f);
    apiQuery[k] = v;
  }

  return {
    sort,
    filters,
    cursor,
    pageIndex: trail.length,
    limit,
    apiQuery,
    setSort: (s) => write((p) => (s ? p.set('sort', sortParam(s)) : p.delete('sort')), true),
    setFilters: (next) =>
      write((p) => {
        for (const key of [...p.keys()]) if (/\[[A-Za-z]+\]$/.test(key)) p.delete(key);
        for (const f of next) p.set(...filterParam(f));
      }, true),
    next: (c) => write((p) => p.set('pages', [...trail, c].join(',')), false),
    previous: () =>
      write((p) => {
        const rest = trail.slice(0, -1);
        if (rest.length) p.set('pages', rest.join(','));
        else p.delete('pages');
      }, false),
  };
}
