import { parseFilters, parseSort } from '@scanline/contracts';
import type { ListRequest } from '../domain/listing/page-in-sql';

/**
 * A list route's query (`listQueryOf`: limit, starting_after, sort, and `field[mode]=value`
 * filters) as the domain's list request. Every list route reads its query through this.
 */
export function listRequestOf(query: object): ListRequest {
  const q = query as Record<string, unknown>;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string') search.append(k, v);
  return {
    filters: parseFilters(search),
    sort: parseSort(typeof q.sort === 'string' ? q.sort : undefined),
    limit: Number(q.limit),
    startingAfter: typeof q.starting_after === 'string' ? q.starting_after : undefined,
  };
}
