import type { Problem } from '@scanline/contracts';
// The subpath, not the package root: the root's zod schemas would join every screen's first
// load (~20 KB on the wire before /login paints) for one three-line function.
import { messagesByField } from '@scanline/contracts/field-errors';

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
 * A non-empty string body is the message; otherwise the problem's
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

/** The server's field errors by field name (`errors[].field`), first per field, to show under each input. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return messagesByField(error.errors);
}

/**
 * What a form shows: a message under each input it has, and the rest (a field the form does
 * not show, or no field at all) as one line for the whole form. `fields` names the inputs.
 */
export function formErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; form: string | null } {
  const all = fieldErrors(error);
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(all)) {
    const shown = fields.find((f) => field === f || field.startsWith(`${f}.`));
    if (shown) byField[shown] ??= message;
    else rest.push(field ? `${field}: ${message}` : message);
  }
  const form =
    rest.length > 0
      ? rest.join(' ')
      : Object.keys(byField).length === 0
        ? error instanceof Error
          ? error.message
          : 'Something went wrong.'
        : null;
  return { byField, form };
}
