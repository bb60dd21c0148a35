import { z } from 'zod';

// Global search: one box in the console's top bar, answered per kind from
// indexed prefix/exact matches only, so it stays fast on millions of transactions.

export const SEARCH_QUERY_MAX = 200;
/** At most this many results per kind: the box suggests, the lists filter. */
export const SEARCH_RESULTS_PER_KIND = 5;

export const SEARCH_KINDS = ['transaction', 'terminal', 'member', 'api_key', 'webhook'] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
});

export const searchResultSchema = z.object({
  id: z.string(),
  kind: searchKindSchema,
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The console path that opens it, e.g. `/p/prj_…/transactions/txn_…`. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: searchKindSchema,
  items: z.array(searchResultSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Groups in a fixed order, only those with results. */
export const searchResponseSchema = z.object({
  q: z.string(),
  groups: z.array(searchGroupSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
