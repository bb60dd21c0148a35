import type { Problem } from '@scanline/contracts';

/** A failed API call: `message` follows the brief's rule (seed §8), `status` is always kept. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly errors?: Problem['errors'],
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/**
 * Seed §8 + PRODUCT §3: a non-empty string body is the message; otherwise the problem's
 * detail or title; otherwise the status text; an empty body gives
 * "API request failed with code {status}".
 */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  if (text.trim() === '') return new ApiError(`API request failed with code ${res.status}`, res.status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError(text, res.status);
  }
  if (typeof body === 'string' && body !== '') return new ApiError(body, res.status);
  if (body && typeof body === 'object') {
    const p = body as Partial<Problem>;
    const message = p.detail || p.title || res.statusText || `API request failed with code ${res.status}`;
    return new ApiError(message, res.status, p.code, p.errors, p.request_id);
  }
  return new ApiError(res.statusText || `API request failed with code ${res.status}`, res.status);
}

/** The server's field errors by field name (`body.name` → `name`), to show under each field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(error.errors.map((e) => [e.path.replace(/^body\./, ''), e.message]));
}
