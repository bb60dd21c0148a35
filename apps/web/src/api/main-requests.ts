import type { Page } from '@scanline/contracts';
import { mainApi } from './clients';

/** A GET on the main API (`/api/v1` + path), query values as given. */
export const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  mainApi().request<T>(path, { query });

/** A write on the main API, JSON body. */
export const send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  mainApi().request<T>(path, { method, body });

/**
 * One page of a server-driven table: page, sort and filters come from the URL
 * (useTableQuery). The key extends the list's key, so refreshing the list refreshes every page.
 */
export const pageQuery = <T>(
  queryKey: readonly unknown[],
  path: string,
  apiQuery: Record<string, string>,
) => ({
  queryKey: [...queryKey, 'page', apiQuery],
  placeholderData: (previous: Page<T> | undefined) => previous,
  queryFn: () => get<Page<T>>(path, apiQuery),
});
