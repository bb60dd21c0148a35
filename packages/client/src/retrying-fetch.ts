import { idempotentPosts } from './generated/idempotent-operations.js';

export interface RetryOptions {
  /** Attempts after the first (default 3). */
  retries?: number;
  /** First wait; each later one doubles (default 250 ms). */
  baseDelayMs?: number;
}

// Methods that mean the same thing when sent twice (RFC 9110 §9.2.2); our PATCHes set fields.
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `/terminal/v1/transactions/{id}` → a pattern for the end of a URL path (the base URL may add a prefix).
const idempotentPostPatterns = [...idempotentPosts].map(
  (path) => new RegExp(`${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}/?$`),
);

/**
 * Whether a request may be sent again after a network error or a 5xx. A POST only when its
 * server deduplicates on the `Idempotency-Key` it carries (the list comes from the OpenAPI
 * document); any other POST could act twice — a refund, say — so its failure is the caller's.
 */
function mayRepeat(request: Request): boolean {
  if (REPEATABLE.has(request.method)) return true;
  if (request.method !== 'POST') return false;
  const { pathname } = new URL(request.url);
  return idempotentPostPatterns.some((pattern) => pattern.test(pathname));
}

/**
 * Wraps `fetch` for openapi-fetch: every POST gets an `Idempotency-Key` (a UUID, unless the
 * caller set one), and a repeatable request that fails on the network or with a 5xx is sent
 * again with the same key after an exponential, jittered wait (as Stripe's libraries do).
 */
export function retryingFetch(
  inner: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  return async (original) => {
    let request = original;
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      const headers = new Headers(request.headers);
      headers.set('idempotency-key', crypto.randomUUID());
      request = new Request(request, { headers });
    }
    const attempts = mayRepeat(request) ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // A body can be read once: every attempt but the last sends a copy.
      const sending = last ? request : request.clone();
      try {
        const response = await inner(sending);
        if (response.status < 500 || last) return response;
        await response.body?.cancel();
      } catch (error) {
        if (last || request.signal.aborted) throw error;
      }
      const wait = baseDelayMs * 2 ** (attempt - 1);
      await sleep(wait / 2 + Math.random() * (wait / 2));
    }
  };
}
