// The public pages read only the API bases from `/config.json` (docs/develop/conventions.md#configuration: one
// build runs anywhere), with a structural check instead of zod to keep their bundles tiny.

export interface PublicConfig {
  terminal: string;
  mobile: string;
}

export async function loadPublicConfig(): Promise<PublicConfig> {
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`The server did not answer (HTTP ${res.status}).`);
  const body = (await res.json()) as { api?: { terminal?: unknown; mobile?: unknown } };
  if (typeof body.api?.terminal !== 'string' || typeof body.api.mobile !== 'string')
    throw new Error('The server gave a configuration this page does not understand.');
  return { terminal: body.api.terminal, mobile: body.api.mobile };
}

/** A small JSON client for the public pages; errors follow the console's rule (seed §8). */
export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function publicRequest<T>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(`${base}${path}`, window.location.origin), {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new PublicApiError('The server cannot be reached. Check the connection and try again.', 0);
  }
  const text = await res.text();
  if (!res.ok) {
    if (!text.trim()) throw new PublicApiError(`API request failed with code ${res.status}`, res.status);
    try {
      const p = JSON.parse(text) as { detail?: string; title?: string; code?: string } | string;
      if (typeof p === 'string') throw new PublicApiError(p, res.status);
      throw new PublicApiError(p.detail || p.title || res.statusText, res.status, p.code);
    } catch (e) {
      if (e instanceof PublicApiError) throw e;
      throw new PublicApiError(text, res.status);
    }
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
