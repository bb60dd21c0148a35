import { ApiError, apiErrorFrom } from './api-error';

export type TokenSource = (forceRefresh: boolean) => Promise<string | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, opts?: RequestOptions): Promise<T>;
  /** The raw response of a successful call (for streamed downloads); errors throw as for request. */
  raw(path: string, opts?: RequestOptions): Promise<Response>;
  baseUrl: string;
}

/**
 * A JSON client for one API base. With a token source it sends the user's fresh ID token
 * as Bearer, and on a 401 refreshes the token once and retries.
 */
export function createApiClient(baseUrl: string, tokens?: TokenSource): ApiClient {
  async function send(path: string, opts: RequestOptions, forceRefresh: boolean): Promise<Response> {
    const url = new URL(`${baseUrl}${path}`, window.location.origin);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const token = tokens ? await tokens(forceRefresh) : null;
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await fetch(url, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
    }
  }
  return {
    baseUrl,
    async raw(path: string, opts: RequestOptions = {}): Promise<Response> {
      let res = await send(path, opts, false);
      if (res.status === 401 && tokens) res = await send(path, opts, true);
      if (!res.ok) throw await apiErrorFrom(res);
      return res;
    },
    async request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
      let res = await send(path, opts, false);
      if (res.status === 401 && tokens) res = await send(path, opts, true);
      if (!res.ok) throw await apiErrorFrom(res);
      if (res.status === 204) return undefined as T;
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}
