import createFetchClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import type { paths } from './generated/schema.js';
import { type Problem, ScanlineApiError } from './problem.js';
import { type RetryOptions, retryingFetch } from './retrying-fetch.js';

export interface ClientOptions {
  /** The server's origin, e.g. `https://scanline.example.com` (paths carry `/api/v1`, `/terminal/v1`…). */
  baseUrl: string;
  /** A project API key (`sl_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Another fetch (a proxy agent, a test double of the network); default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  retry?: RetryOptions;
}

type GetPath = PathsWithMethod<paths, 'get'>;
type OkBody<P extends GetPath> = NonNullable<
  FetchResponse<paths[P]['get'], object, `${string}/${string}`>['data']
>;

/** The GET paths that answer a cursor page `{ data, next_cursor }`. */
export type ListPath = {
  [P in GetPath]: OkBody<P> extends { data: unknown[]; next_cursor: string | null } ? P : never;
}[GetPath];
export type ListItem<P extends ListPath> = OkBody<P> extends { data: (infer Item)[] } ? Item : never;
export type ListInit<P extends ListPath> = MaybeOptionalInit<paths[P], 'get'>;

export interface ScanlineClient extends Client<paths> {
  /**
   * Every item of a list, page after page (`starting_after` = the previous `next_cursor`),
   * fetched as the loop asks for more: `for await (const tx of client.list(path, { params }))`.
   * A refused page throws `ScanlineApiError`.
   */
  list<P extends ListPath>(
    path: P,
    ...init: undefined extends ListInit<P> ? [ListInit<P>?] : [ListInit<P>]
  ): AsyncIterableIterator<ListItem<P>>;
}

type Page = { data: unknown[]; next_cursor: string | null };
type LooseInit = { params?: { query?: Record<string, unknown> } & Record<string, unknown> } & Record<
  string,
  unknown
>;

/** A typed client for Scanline's APIs, generated from its OpenAPI document (`src/generated`). */
export function createClient(options: ClientOptions): ScanlineClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const base = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(send, options.retry),
  });
  // The generic GET is called with paths chosen at run time; its precise types stay on `list`.
  const get = base.GET as unknown as (
    path: string,
    init: LooseInit,
  ) => Promise<{ data?: Page; error?: Partial<Problem>; response: Response }>;

  async function* list(path: string, init?: LooseInit): AsyncGenerator<unknown> {
    let cursor: string | null | undefined;
    do {
      const query = { ...init?.params?.query, ...(cursor ? { starting_after: cursor } : {}) };
      const { data, error, response } = await get(path, { ...init, params: { ...init?.params, query } });
      if (!data) throw new ScanlineApiError(response.status, error ?? {});
      yield* data.data;
      cursor = data.next_cursor;
    } while (cursor);
  }

  return Object.assign(base, { list }) as ScanlineClient;
}
